// The demo page's script: the web SDK against the demo app, under a policy that allows only this
// server's own scripts and styles. Everything the SDK reports is listed on the page, and any
// policy violation is kept in `window.marqueeDemo.violations` (the browser tests read it).
const script = document.querySelector("script[data-sdk]");
const state = { violations: [], events: [] };
window.marqueeDemo = state;
document.addEventListener("securitypolicyviolation", (event) => {
  state.violations.push(`${event.violatedDirective}: ${event.blockedURI}`);
});

const log = document.getElementById("log");
function report(text) {
  state.events.push(text);
  const item = document.createElement("li");
  item.textContent = text;
  log.prepend(item);
}

/**
 * The SDK as a module, or (with `?loader=script`) as the snippet installs it: a stub that queues
 * calls, then the script, which defines the global `Marquee` and runs what was queued.
 */
async function loadSDK() {
  if (new URLSearchParams(location.search).get("loader") !== "script") return import(script.dataset.sdk);
  window.Marquee = window.Marquee || { q: [] };
  for (const method of ["init", "identify", "logEvent", "closeMessage", "on"]) {
    window.Marquee[method] = window.Marquee[method] || function () { window.Marquee.q.push([method, arguments]); };
  }
  window.Marquee.on("display", () => report("the snippet's queued listener heard a display"));
  const loaded = document.createElement("script");
  loaded.src = script.dataset.sdk.replace(/\.mjs$/, ".js");
  await new Promise((resolve, reject) => {
    loaded.onload = resolve;
    loaded.onerror = reject;
    document.head.append(loaded);
  });
  return window.Marquee;
}

const Marquee = await loadSDK();
Marquee.on("display", (message) => report(`display: ${message.campaignName}`));
Marquee.on("close", ({ message, resolution }) => report(`close: ${message.campaignName} (${resolution.type})`));
Marquee.on("notShown", ({ campaignID, reason }) => report(`not shown: ${campaignID} (${reason})`));
Marquee.on("problem", (problem) => report(`problem: ${problem}`));

const buttons = {
  "level-up": () => Marquee.logEvent("level_up", { level: 3 }),
  "open-gallery": () => Marquee.logEvent("open_gallery"),
  "watch-intro": () => Marquee.logEvent("watch_intro"),
  "open-promo": () => Marquee.logEvent("open_promo"),
  "sign-in": () => Marquee.identify("demo-user").then(() => report("signed in as demo-user")),
};
for (const [id, action] of Object.entries(buttons)) document.getElementById(id).addEventListener("click", action);

// A single-page app's navigation: links change the page without loading it again.
for (const link of document.querySelectorAll("nav a[data-route]")) {
  link.addEventListener("click", (event) => {
    event.preventDefault();
    history.pushState({}, "", link.href);
    report(`route: ${link.dataset.route}`);
  });
}

await Marquee.init({ subscriptionID: script.dataset.subscription, server: location.origin, appVersion: "1.0.0", displayIntervalSeconds: 0 });
document.getElementById("status").textContent = `The web SDK ${Marquee.version} is running.`;
document.body.dataset.state = "ready";
