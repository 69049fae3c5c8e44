// Line charts drawn as SVG on the page: no library and no external asset, and every label is set
// as text, so nothing from the server is ever parsed as markup.

const svgNS = "http://www.w3.org/2000/svg";
const margin = { top: 12, right: 12, bottom: 28, left: 44 };

function node(tag, attributes = {}, text) {
  const made = document.createElementNS(svgNS, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
  if (text !== undefined) made.textContent = text;
  return made;
}

// The smallest "nice" number (1, 2 or 5 times a power of ten) at or above `value`, so the axis
// reads in round figures.
export function niceCeiling(value) {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value);
  return step * power;
}

// A chart of `series` ([{ name, className, values }], one value per label) over `labels` (the
// buckets' names, shown at the start, middle and end). Each point carries a tooltip.
export function lineChart({ labels, series, title, width = 560, height = 220 }) {
  const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "chart" });
  svg.append(node("title", {}, title));
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const top = niceCeiling(Math.max(0, ...series.flatMap((line) => line.values)));
  const x = (index) => margin.left + (labels.length > 1 ? (index * plotWidth) / (labels.length - 1) : plotWidth / 2);
  const y = (value) => margin.top + plotHeight - (value / top) * plotHeight;

  for (const fraction of [0, 0.5, 1]) {
    const level = y(top * fraction);
    svg.append(node("line", { x1: margin.left, x2: width - margin.right, y1: level, y2: level, class: "grid" }),
      node("text", { x: margin.left - 6, y: level + 4, "text-anchor": "end", class: "axis" }, formatCount(top * fraction)));
  }
  const ticks = labels.length > 2 ? [0, Math.floor((labels.length - 1) / 2), labels.length - 1] : labels.map((_, index) => index);
  for (const index of ticks) {
    const anchor = index === 0 ? "start" : index === labels.length - 1 ? "end" : "middle";
    svg.append(node("text", { x: x(index), y: height - 8, "text-anchor": anchor, class: "axis" }, labels[index]));
  }
  for (const line of series) {
    const points = line.values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
    const group = node("g", { class: `series ${line.className}` });
    group.append(node("polyline", { points }));
    line.values.forEach((value, index) => {
      const dot = node("circle", { cx: x(index).toFixed(1), cy: y(value).toFixed(1), r: labels.length > 60 ? 1.5 : 2.5 });
      dot.append(node("title", {}, `${labels[index]}: ${value} ${line.name.toLowerCase()}`));
      group.append(dot);
    });
    svg.append(group);
  }
  return svg;
}

// The chart's legend: one swatch per series, in the series' colour.
export function legend(series) {
  const list = document.createElement("ul");
  list.className = "legend";
  for (const line of series) {
    const item = document.createElement("li");
    item.className = line.className;
    item.textContent = line.name;
    list.append(item);
  }
  return list;
}

function formatCount(value) {
  return value >= 1000 ? `${(value / 1000).toFixed(value % 1000 ? 1 : 0)}k` : String(Math.round(value));
}
