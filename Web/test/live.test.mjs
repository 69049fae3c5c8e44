// The live channel: its Server-Sent Events parser and backoff on their own, then tabs against a
// live `marquee serve --demo` hearing a campaign edit without syncing themselves, and two tabs of
// one browser sharing one channel.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ServerSentEventParser, StreamLimitExceeded } from "../.build/lib/runtime/serverSentEvents.js";
import { LiveBackoff } from "../.build/lib/runtime/liveBackoff.js";
import { MarqueeClient } from "../.build/lib/runtime/client.js";
import { LiveChannel, spreadSeconds } from "../.build/lib/runtime/liveChannel.js";
import { TestStorage, testEnvironment } from "./support/environment.mjs";
import { missingServerReason, startDemoServer } from "./support/liveServer.mjs";
import { TestLocks, TestTabChannels } from "./support/tabs.mjs";

/** Feeds `chunks` one by one; returns every event and the parser. */
function parse(chunks, parser = new ServerSentEventParser()) {
  const events = chunks.flatMap((chunk) => parser.feed(chunk));
  return { events, parser };
}

test("events split anywhere read as whole events", () => {
  const stream = "event: catalog\ndata: {\"version\":7,\ndata: \"spread\":3}\nid: 7\n\ndata: plain\n\n";
  const whole = parse([stream]).events;
  assert.deepEqual(whole, [{ name: "catalog", data: "{\"version\":7,\n\"spread\":3}" }, { name: "message", data: "plain" }]);
  for (let size = 1; size < stream.length; size += 1) {
    const chunks = [];
    for (let at = 0; at < stream.length; at += size) chunks.push(stream.slice(at, at + size));
    const { events, parser } = parse(chunks);
    assert.deepEqual(events, whole, `chunks of ${size}`);
    assert.equal(parser.lastEventID, "7");
  }
});

test("CRLF, CR and LF all end lines, also when CR and LF arrive in separate chunks", () => {
  assert.deepEqual(parse(["event: a\r\ndata: 1\r\n\r\n"]).events, [{ name: "a", data: "1" }]);
  assert.deepEqual(parse(["event: a\rdata: 1\r\r"]).events, [{ name: "a", data: "1" }]);
  // CR at a chunk's end and LF at the next one's start are one line break, not a blank line between two.
  assert.deepEqual(parse(["data: 1\r", "\ndata: 2\r", "\n\r", "\n"]).events, [{ name: "message", data: "1\n2" }]);
  assert.deepEqual(parse(["data: 1\r", "", "\n", "\n"]).events, [{ name: "message", data: "1" }]);
});

test("comments, unknown fields and events without data dispatch nothing", () => {
  const { events } = parse([": connected\n:" + " ".repeat(1024) + "\n\n", ": heartbeat\n\n", "event: catalog\n\n", "foo: bar\nid: 3\n\n"]);
  assert.deepEqual(events, []);
  assert.deepEqual(parse(["data\n\n"]).events, [{ name: "message", data: "" }], "a field without a colon has an empty value");
  assert.deepEqual(parse(["data:no space\n\n"]).events, [{ name: "message", data: "no space" }]);
});

test("retry sets the reconnection delay when it is digits only; id outlives its event, and one with NUL is ignored", () => {
  const { parser } = parse(["retry: 3000\n\n"]);
  assert.equal(parser.retryMillis, 3000);
  parse(["retry: soon\nretry: -5\nretry: 1.5\n\n"], parser);
  assert.equal(parser.retryMillis, 3000);
  parse(["id: 4\ndata: x\n\ndata: y\n\n"], parser);
  assert.equal(parser.lastEventID, "4");
  parse(["id: 5\0\n\n"], parser);
  assert.equal(parser.lastEventID, "4");
});

test("an oversize line or event is refused, however it is split", () => {
  const parser = new ServerSentEventParser(16, 24);
  assert.deepEqual(parser.feed("data: 0123456789\n"), [], "a line at the limit is read");
  assert.throws(() => parse(["data: 01234567", "89A"], new ServerSentEventParser(16, 24)), StreamLimitExceeded);
  assert.throws(() => parse([": " + "x".repeat(100)], new ServerSentEventParser(16, 24)), StreamLimitExceeded, "even a comment without an end");
  assert.throws(() => parse(["data: 0123456789\ndata: 0123456789\n"], new ServerSentEventParser(16, 20)), StreamLimitExceeded, "an event's data beyond its limit");
  // The default limits hold too: a megabyte without a line break is not kept.
  assert.throws(() => parse(Array.from({ length: 20 }, () => "x".repeat(64 * 1024))), StreamLimitExceeded);
});

test("the backoff waits the server's hint, doubles with failures in a row up to 5 minutes, and a healthy connection resets it", () => {
  const backoff = new LiveBackoff();
  backoff.closed(10, true);
  assert.equal(backoff.delayMillis(0), 3_000);
  backoff.retryHintMillis = 1_000;
  assert.equal(backoff.delayMillis(0), 1_000);
  assert.equal(backoff.delayMillis(0.99), 1_495);
  backoff.closed(10, false); // ended within seconds: counts as a failure
  assert.equal(backoff.delayMillis(0), 2_000);
  for (let i = 0; i < 30; i += 1) backoff.closed(10, true);
  assert.equal(backoff.delayMillis(0), 300_000);
  assert.equal(backoff.delayMillis(0.999), 449_850);
  backoff.closed(120_000, false);
  assert.equal(backoff.delayMillis(0), 1_000);
});

/**
 * A live channel over a scripted server: each connection answers with the next of `answers`
 * (a status, or the text of a stream that then ends); waits are noted, and run at once. The tab's
 * moment in a spread is `random`.
 */
function scriptedChannel(answers, random = 0.5) {
  const requests = [];
  const waits = [];
  const problems = [];
  let syncs = 0;
  let channel;
  const environment = {
    now: () => 0,
    random: () => random,
    schedule: (millis, work) => {
      waits.push(millis);
      const timer = setTimeout(work, 0);
      return () => clearTimeout(timer);
    },
    fetch: async (url, init) => {
      requests.push(init.headers);
      const answer = answers.shift();
      if (answer === undefined) {
        channel.stop();
        throw new DOMException("stopped", "AbortError");
      }
      if (typeof answer === "number") return new Response("{}", { status: answer });
      return new Response(answer, { headers: { "Content-Type": "text/event-stream" } });
    },
  };
  channel = new LiveChannel(environment, { headers: () => ({ "Subscription-Id": "s", device_id: "d" }), sync: () => { syncs += 1; }, problem: (problem) => problems.push(problem) }, "live");
  return { channel, requests, waits, problems, syncs: () => syncs };
}

test("the channel connects again after a drop, naming the last event heard and waiting the server's retry hint", async () => {
  const scripted = scriptedChannel(["retry: 1000\n: connected\n\n", "id: 12\nevent: catalog\ndata: {\"version\":12,\"spread\":3}\n\n", 503, ": quiet\n\n"]);
  scripted.channel.open("http://marquee.test/v1/live");
  assert.ok(await eventually(() => scripted.requests.length === 5, 2_000));
  assert.deepEqual(scripted.requests.map((headers) => headers["Last-Event-ID"]), [undefined, undefined, "12", "12", "12"]);
  assert.equal(scripted.requests[0].Accept, "text/event-stream");
  assert.equal(scripted.requests[0]["Subscription-Id"], "s");
  assert.equal(scripted.syncs(), 1, "the catalog event synced");
  // The sync waited for this tab's moment in the event's 3 s spread (half of it here).
  const syncWait = scripted.waits.indexOf(1500);
  assert.ok(syncWait >= 0, `the sync waited 1.5 s: ${scripted.waits}`);
  const reconnects = scripted.waits.filter((_, index) => index !== syncWait);
  assert.equal(reconnects.length, 4);
  // Each connection lasted no time: failures in a row double the 1 s hint, plus up to half again.
  assert.deepEqual(reconnects.map((millis, index) => [millis >= 1000 * 2 ** index, millis < 1500 * 2 ** index]).flat().every(Boolean), true);
  assert.deepEqual(scripted.problems, ["the live channel was refused (HTTP 503); trying again later"]);
});

test("a channel refused for good (404) is not asked again; a hostile stream is dropped and retried", async () => {
  const refused = scriptedChannel([404]);
  refused.channel.open("http://marquee.test/v1/live");
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(refused.requests.length, 1);
  assert.deepEqual(refused.waits, []);
  refused.channel.stop();

  const hostile = scriptedChannel(["data: " + "x".repeat(2 << 20)]);
  hostile.channel.open("http://marquee.test/v1/live");
  assert.ok(await eventually(() => hostile.requests.length === 2, 2_000));
  assert.equal(hostile.syncs(), 0);
  assert.match(hostile.problems[0], /the live channel broke: a line is longer than/);
});

// Against the server.

const skip = missingServerReason();
let server;
let appID;

before(async () => {
  if (skip !== undefined) return;
  server = await startDemoServer();
  appID = (await server.admin("GET", "/api/v1/apps")).items.find((app) => app.subscriptionID === server.subscriptionID).id;
});

after(async () => server?.stop());

/** The bound the live channel is held to: well before the 60 s ping interval. */
const liveBoundMillis = 3_000;

/**
 * A tab's fetch that notes the live channel's connections (once the server answered them) and
 * the pings, each with when it was answered.
 */
function watchedFetch() {
  const seen = { liveAnswered: 0, liveRequests: 0, pings: [] };
  const send = async (input, init) => {
    const url = String(input);
    if (url.includes("/v1/live")) {
      seen.liveRequests += 1;
      seen.lastEventID = init.headers["Last-Event-ID"];
    }
    const answer = await fetch(input, init);
    if (url.includes("/v1/live") && answer.ok) seen.liveAnswered += 1;
    if (url.endsWith("/v1/ping")) seen.pings.push(Date.now());
    return answer;
  };
  return { seen, send };
}

/** Waits (polling) until `condition()` holds, at most `millis`; returns whether it did. */
async function eventually(condition, millis) {
  const deadline = Date.now() + millis;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A tab: the SDK's client on `environment`, showing messages into `shown`. */
async function openTab(environment, deviceID) {
  const shown = [];
  const problems = [];
  const client = new MarqueeClient({
    subscriptionID: server.subscriptionID, server: server.url, appVersion: "1.0.0", appID: "web", locale: "en", sdkVersion: "test",
    displayIntervalSeconds: 0, queueOrder: "fifo", verifyContext: undefined, openAction: undefined,
    renderer: (message, controls) => { shown.push({ message, controls }); },
  }, environment, deviceID);
  client.events.on("problem", (problem) => problems.push(problem));
  await client.start();
  return { client, shown, problems };
}

async function campaignNamed(name) {
  const list = await server.admin("GET", `/api/v1/apps/${appID}/campaigns`);
  const found = list.items.find((campaign) => campaign.name === name);
  assert.ok(found, `the demo app has the campaign ${name}`);
  return found;
}

test("a new campaign made in the dashboard reaches an open tab within 3 s, without the tab syncing", { skip }, async () => {
  const { seen, send } = watchedFetch();
  const tab = await openTab(testEnvironment({ fetch: send }), "device-live-new");
  try {
    assert.ok(await eventually(() => seen.liveAnswered === 1, 10_000), "the tab opened the live channel");
    const welcome = tab.shown.shift();
    welcome?.controls.close();
    const pingsBefore = seen.pings.length;

    await server.admin("POST", `/api/v1/apps/${appID}/campaigns`, {
      name: "Live arrival", status: "active",
      message: { kind: "modal", title: "Fresh from the dashboard" },
      triggers: { match: "all", triggers: [{ event: "custom", name: "live_arrival_checked" }] },
    });
    const edited = Date.now();
    // Logging the event shows the campaign once its change arrived; before that, nothing shows.
    const arrived = await eventually(() => {
      tab.client.logEvent("live_arrival_checked");
      return tab.shown.some((shown) => shown.message.campaignName === "Live arrival");
    }, liveBoundMillis);
    assert.ok(arrived, `the new campaign showed within ${liveBoundMillis} ms of its creation`);
    assert.ok(seen.pings.length > pingsBefore && seen.pings[pingsBefore] - edited < liveBoundMillis, "the tab pinged on the change, not on its 60 s interval");
    assert.deepEqual(tab.problems, []);
  } finally {
    tab.client.stop();
  }
});

test("an edited campaign's new title reaches an open tab within 3 s", { skip }, async () => {
  const { seen, send } = watchedFetch();
  const tab = await openTab(testEnvironment({ fetch: send }), "device-live-edit");
  try {
    assert.ok(await eventually(() => seen.liveAnswered === 1, 10_000), "the tab opened the live channel");
    tab.shown.shift()?.controls.close();
    const gallery = await campaignNamed("Gallery highlight");
    const campaign = await server.admin("GET", `/api/v1/apps/${appID}/campaigns/${gallery.id}`);
    const title = `Gallery, edited at ${Date.now()}`;
    const pingsBefore = seen.pings.length;
    await server.admin("PUT", `/api/v1/apps/${appID}/campaigns/${gallery.id}`, { ...campaign, message: { ...campaign.message, title } });
    const edited = Date.now();
    assert.ok(await eventually(() => seen.pings.length > pingsBefore, liveBoundMillis), `the tab pinged within ${liveBoundMillis} ms of the edit`);
    assert.ok(seen.pings[pingsBefore] - edited < liveBoundMillis);
    // The ping's answer is loaded by the time the event is logged.
    assert.ok(await eventually(() => {
      tab.client.logEvent("open_gallery");
      const shown = tab.shown.shift();
      shown?.controls.close();
      return shown?.message.content.title === title;
    }, liveBoundMillis), "the gallery message shows its new title");
    assert.deepEqual(tab.problems, []);
  } finally {
    tab.client.stop();
  }
});

test("two tabs of one browser hold one live channel; both sync on a change; the other takes over when the holder stops", { skip }, async () => {
  const storage = new TestStorage();
  const locks = new TestLocks();
  const tabChannels = new TestTabChannels();
  const first = watchedFetch();
  const second = watchedFetch();
  const one = await openTab(testEnvironment({ storage, locks, tabChannels, fetch: first.send }), "device-live-shared");
  const two = await openTab(testEnvironment({ storage, locks, tabChannels, fetch: second.send }), "device-live-shared");
  try {
    assert.ok(await eventually(() => first.seen.liveAnswered + second.seen.liveAnswered === 1, 10_000), "one tab opened the live channel");
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(first.seen.liveRequests + second.seen.liveRequests, 1, "only one tab asked for /v1/live");
    const [holder, holderSeen, other, otherSeen] = first.seen.liveRequests === 1 ? [one, first.seen, two, second.seen] : [two, second.seen, one, first.seen];

    const before = [holderSeen.pings.length, otherSeen.pings.length];
    await server.admin("POST", `/api/v1/apps/${appID}/campaigns`, {
      name: "Shared arrival", status: "active",
      message: { kind: "modal", title: "For every tab" },
      triggers: { match: "all", triggers: [{ event: "custom", name: "shared_arrival_checked" }] },
    });
    assert.ok(await eventually(() => holderSeen.pings.length > before[0] && otherSeen.pings.length > before[1], liveBoundMillis),
      `both tabs pinged within ${liveBoundMillis} ms of the change`);
    assert.equal(tabChannels.posted.length, 1, "the holder told the other tab");
    assert.equal(tabChannels.posted[0].event, "catalog");
    assert.match(tabChannels.posted[0].id, /^\d+$/, "with the catalog version the change made");

    // The holder's tab closes: the other one holds the channel from then on, naming the last change it heard of.
    holder.client.stop();
    assert.ok(await eventually(() => otherSeen.liveAnswered === 1, 10_000), "the other tab took the channel over");
    assert.equal(otherSeen.lastEventID, tabChannels.posted[0].id);
    assert.deepEqual([...one.problems, ...two.problems], []);
  } finally {
    one.client.stop();
    two.client.stop();
  }
});

test("a tab with no lock or tab channel holds its own live channel, and closes it on stop", { skip }, async () => {
  const { seen, send } = watchedFetch();
  let liveSignal;
  const environment = testEnvironment({ fetch: (input, init) => {
    if (String(input).includes("/v1/live")) liveSignal = init.signal;
    return send(input, init);
  } });
  const tab = await openTab(environment, "device-live-own");
  assert.ok(await eventually(() => seen.liveAnswered === 1, 10_000));
  assert.equal(liveSignal.aborted, false);
  tab.client.stop();
  assert.equal(liveSignal.aborted, true, "stopping ends the connection");
  assert.deepEqual(tab.problems, []);
});

test("a change's pings are spread over the seconds the event names, within 0 to 60", () => {
  assert.equal(spreadSeconds('{"version":4,"spread":3}'), 3);
  assert.equal(spreadSeconds('{"version":4,"spread":0}'), 0);
  assert.equal(spreadSeconds('{"version":4,"spread":86400}'), 60);
  assert.equal(spreadSeconds('{"version":4,"spread":-5}'), 0);
  assert.equal(spreadSeconds('{"version":4}'), 3);
  assert.equal(spreadSeconds("not json"), 3);
});
