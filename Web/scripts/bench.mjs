#!/usr/bin/env node
// The web SDK's logEvent cost at 10, 1,000 and 10,000 active campaigns, of which 10 listen for
// the logged event (a custom event whose integer condition it meets, so each event counts and
// readies them; every other campaign listens for its own event): the SDK's logEvent (the
// engine, the user's state read and written as every tab shares it, the display queue; no
// message is drawn) and the engine's own TriggerEngine.log. The last line is the per-event cost
// at 10,000 campaigns over the cost at 10 (goal: at most 2).
// Run from Web/ after `tsc -p tsconfig.json`: node scripts/bench.mjs
import { performance } from "node:perf_hooks";
import { TriggerEngine } from "../.build/lib/model/triggerEngine.js";
import { MarqueeClient } from "../.build/lib/runtime/client.js";
import { TestStorage, testEnvironment } from "../test/support/environment.mjs";

function campaigns(count) {
  return Array.from({ length: count }, (_, index) => ({
    id: `campaign-${index}`, name: `Campaign ${index}`, message: { kind: "modal", title: "Hello" },
    delivery: { maxImpressions: 1 },
    triggers: { match: "all", triggers: [{ event: "custom", name: index < 10 ? "checkout" : `event-${index}`,
      conditions: [{ name: "items", type: "integer", operator: "greaterThan", value: "1" }] }] },
  }));
}

/** Microseconds per call of `work`, the median of five rounds of `calls`. */
function time(calls, work) {
  const rounds = [];
  for (let round = 0; round < 5; round += 1) {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) work(i);
    rounds.push(((performance.now() - start) * 1000) / calls);
  }
  return rounds.sort((a, b) => a - b)[2];
}

async function measure(count) {
  const list = campaigns(count);
  const engine = new TriggerEngine();
  engine.load(list, () => true);
  const event = { kind: "custom", name: "checkout", attributes: { items: { type: "integer", value: 3 } } };
  const engineMicros = time(20_000, () => engine.log(event, () => true));

  // The SDK with the list as a ping would have left it, offline: the engine, the shared state and the queue.
  const storage = new TestStorage();
  storage.setItem("marquee:bench:user:anonymous:campaigns", JSON.stringify({ campaigns: list, fingerprint: "bench", userAttributes: {} }));
  const environment = testEnvironment({ storage, fetch: async () => { throw new Error("offline"); } });
  const client = new MarqueeClient({
    subscriptionID: "bench", server: "http://127.0.0.1:9", appVersion: "1.0.0", appID: "bench", locale: "en", sdkVersion: "bench",
    displayIntervalSeconds: 0, queueOrder: "fifo", renderer: () => undefined, verifyContext: undefined, openAction: undefined,
  }, environment, "bench-device");
  await client.start();
  client.stop();
  const sdkMicros = time(5_000, () => client.logEvent("checkout", { items: 3 }));
  return { count, engineMicros, sdkMicros };
}

// A first pass warms the JIT; the second is reported.
for (const count of [10, 1000, 10000]) await measure(count);
const results = [];
for (const count of [10, 1000, 10000]) results.push(await measure(count));
console.log("logEvent with 10 listening campaigns (SDK: logEvent; engine: TriggerEngine.log), node " + process.version);
console.log("campaigns | SDK µs/event | engine µs/event");
for (const { count, engineMicros, sdkMicros } of results) {
  console.log(`${String(count).padStart(9)} | ${sdkMicros.toFixed(3).padStart(12)} | ${engineMicros.toFixed(3).padStart(15)}`);
}
const [first, , last] = results;
console.log(`ratio per-event cost 10000:10 = SDK ${(last.sdkMicros / first.sdkMicros).toFixed(2)}, engine ${(last.engineMicros / first.engineMicros).toFixed(2)}`);
