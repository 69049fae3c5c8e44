// The schedule of a campaign: start and end as wall-clock times in a chosen time zone, stored as
// the UTC instants the API reads. Daylight-saving changes are the zone's own (Intl does the sums).
import { element } from "./api.js";
import { getPath } from "./form.js";

// The zone's offset from UTC, in milliseconds, at the instant `utcMillis`.
function offset(utcMillis, zone) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit",
    hour: "2-digit", minute: "2-digit", second: "2-digit",
  }).formatToParts(new Date(utcMillis));
  const part = (type) => Number(parts.find((candidate) => candidate.type === type).value);
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second")) - utcMillis;
}

// "2026-03-29T09:00" in `zone` → an ISO 8601 UTC time.
export function zonedToISO(local, zone) {
  const [date, time] = local.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Twice: the offset at the first guess may differ from the offset at the answer near a change.
  let utc = wall - offset(wall, zone);
  utc = wall - offset(utc, zone);
  return new Date(utc).toISOString().replace(".000Z", "Z");
}

// An ISO 8601 time → "2026-03-29T09:00" in `zone`.
export function isoToZoned(iso, zone) {
  const utc = Date.parse(iso);
  return new Date(utc + offset(utc, zone)).toISOString().slice(0, 16);
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
let chosenZone = browserZone;

export function scheduleField(form, startPath, endPath) {
  const zone = element("select");
  zone.setAttribute("aria-label", "Time zone of the schedule");
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  for (const name of ["UTC", ...zones.filter((name) => name !== "UTC")]) zone.append(new Option(name, name));
  if (![...zone.options].some((option) => option.value === chosenZone)) zone.append(new Option(chosenZone, chosenZone));
  zone.value = chosenZone;
  zone.disabled = form.readOnly;
  const inputs = [[startPath, "Starts"], [endPath, "Ends"]].map(([path, label]) => {
    const input = element("input");
    input.type = "datetime-local";
    const current = getPath(form.draft(), path);
    input.value = current ? isoToZoned(current, chosenZone) : "";
    input.addEventListener("change", () => form.commit(path, input.value ? zonedToISO(input.value, chosenZone) : undefined));
    return form.field(path, label, input, "Empty: no limit");
  });
  zone.addEventListener("change", () => {
    // The wall-clock times on screen stay ("9:00"), now meant in the new zone.
    chosenZone = zone.value;
    for (const [index, path] of [startPath, endPath].entries()) {
      const local = inputs[index].querySelector("input").value;
      if (local) form.commit(path, zonedToISO(local, chosenZone));
    }
  });
  const box = element("div", undefined, "schedule");
  const label = element("label", "Time zone");
  zone.id = "schedule-zone";
  label.htmlFor = zone.id;
  box.append(label, zone, ...inputs);
  return box;
}
