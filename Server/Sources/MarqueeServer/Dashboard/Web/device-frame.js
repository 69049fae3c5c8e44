// The device preview's size: the frame is laid out at a phone's or a tablet's size in CSS pixels,
// as the message would be on that device, and scaled down to fit the panel.
import { $ } from "./api.js";

const sizes = { phone: [390, 844], tablet: [820, 1180] };

function fit() {
  const [width, height] = sizes[$("device-size").value];
  const frame = $("preview-frame");
  const scale = Math.min(1, $("preview-stage").clientWidth / width);
  frame.style.width = `${width}px`;
  frame.style.height = `${height}px`;
  frame.style.transform = `scale(${scale})`;
  $("preview-stage").style.height = `${Math.ceil(height * scale)}px`;
}

export function wireDeviceFrame() {
  $("device-size").addEventListener("change", fit);
  window.addEventListener("resize", fit);
  new ResizeObserver(fit).observe($("preview-stage"));
  fit();
}
