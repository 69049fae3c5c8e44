// The environment a page gives the SDK, for node: its fetch, a storage a test can look into and
// share between "tabs", a clock the test moves, and timers that run on the real event loop.
import { randomUUID } from "node:crypto";

/** A `localStorage` stand-in: one per browser, shared by the tabs a test opens on it. */
export class TestStorage {
  values = new Map();
  getItem(key) { return this.values.has(key) ? this.values.get(key) : null; }
  setItem(key, value) { this.values.set(key, String(value)); }
  removeItem(key) { this.values.delete(key); }
}

/** A clock a test sets: every rule reads time from it. */
export class TestClock {
  // By default the real time: the server dates what it counts by the reports' timestamps.
  constructor(millis = Date.now()) { this.millis = millis; }
  now() { return this.millis; }
  advance(seconds) { this.millis += seconds * 1000; }
}

/**
 * The environment of one tab: `fetch` may be wrapped to watch or cut requests; tabs of one
 * browser may share `locks` and `tabChannels` (./tabs.mjs), as they share Web Locks and
 * BroadcastChannels.
 */
export function testEnvironment({ storage = new TestStorage(), clock = new TestClock(), fetch: send = globalThis.fetch, locks, tabChannels, random = () => 0 } = {}) {
  const timers = new Set();
  return {
    storage, clock, timers, locks, openTabChannel: tabChannels?.open,
    fetch: (input, init) => send(input, init),
    now: () => clock.now(),
    randomID: () => randomUUID(),
    // The first moment of every spread, unless a test chooses: what the tab does is then at once.
    random: () => random(),
    schedule(millis, work) {
      const timer = setTimeout(() => { timers.delete(timer); work(); }, Math.min(millis, 2 ** 31 - 1));
      timer.unref?.();
      timers.add(timer);
      return () => { clearTimeout(timer); timers.delete(timer); };
    },
  };
}
