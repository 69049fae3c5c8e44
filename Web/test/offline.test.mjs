// A server that is down or answers nonsense never throws into the page: init resolves, each
// failure is a `problem` event, and events still run against the campaigns the browser kept.
import assert from "node:assert/strict";
import { test } from "node:test";
import { TestStorage, testEnvironment } from "./support/environment.mjs";

let tabs = 0;
async function openTab(environment) {
  tabs += 1;
  const api = await import(`../.build/lib/api.js?offline=${tabs}`);
  const problems = [];
  const shown = [];
  api.on("problem", (problem) => problems.push(problem));
  await api.init({ subscriptionID: "offline", server: "http://127.0.0.1:9", environment, displayIntervalSeconds: 0,
    renderer: (message, controls) => { shown.push(message.campaignName); controls.close(); } });
  return { api, problems, shown };
}

test("a server that cannot be reached is a problem event, and the kept campaigns still show", async () => {
  const storage = new TestStorage();
  storage.setItem("marquee:offline:user:anonymous:campaigns", JSON.stringify({
    campaigns: [{ id: "kept", name: "Kept", message: { kind: "modal", title: "Hi" },
      triggers: { match: "all", triggers: [{ event: "custom", name: "opened" }] } }],
    fingerprint: "f", userAttributes: {},
  }));
  const refused = async () => { throw new TypeError("fetch failed: connection refused"); };
  const tab = await openTab(testEnvironment({ storage, fetch: refused }));
  assert.ok(tab.problems.some((problem) => problem.startsWith("the campaigns could not be read")), tab.problems.join("\n"));
  tab.api.logEvent("opened");
  assert.deepEqual(tab.shown, ["Kept"]);
});

test("answers that are not the server's (HTML, a 500, a huge body) are problems, never exceptions", async () => {
  for (const answer of [
    () => new Response("<html>proxy error</html>", { status: 200 }),
    () => new Response("{}", { status: 500 }),
    () => new Response("x".repeat(9 * 1024 * 1024), { status: 200 }),
    () => new Response(JSON.stringify({ data: { endpoints: { ping: 42 } } }), { status: 200 }),
  ]) {
    const tab = await openTab(testEnvironment({ fetch: async () => answer() }));
    assert.ok(tab.problems.length > 0, "the failure is reported");
    tab.api.logEvent("anything", { value: Number.NaN });
    assert.ok(tab.problems.some((problem) => problem.includes("a number must be finite")));
  }
});
