// The web SDK against a live `marquee serve --demo` on a loopback port: each "tab" is a fresh
// copy of the SDK's module with its own environment; tabs of one browser share a storage.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { TestClock, TestStorage, testEnvironment } from "./support/environment.mjs";
import { missingServerReason, startDemoServer } from "./support/liveServer.mjs";

const skip = missingServerReason();
let server;
let appID;
let tabs = 0;

before(async () => {
  if (skip !== undefined) return;
  server = await startDemoServer();
  appID = (await server.admin("GET", "/api/v1/apps")).items.find((app) => app.subscriptionID === server.subscriptionID).id;
});

after(async () => server?.stop());

/** A new tab: the SDK's module loaded afresh, started with `options` on `environment`. */
async function openTab(environment, options = {}) {
  tabs += 1;
  const api = await import(`../.build/lib/api.js?tab=${tabs}`);
  const shown = [];
  const problems = [];
  const waiting = [];
  api.on("problem", (problem) => problems.push(problem));
  await api.init({
    subscriptionID: server.subscriptionID, server: server.url, environment, displayIntervalSeconds: 0,
    renderer: (message, controls) => {
      shown.push({ message, controls });
      waiting.splice(0).forEach((resolve) => resolve());
    },
    ...options,
  });
  /** The next message shown (or the one already shown and not yet taken). */
  const nextShown = async (taken) => {
    for (let i = 0; i < 200 && shown.length <= taken; i += 1) await new Promise((resolve) => { waiting.push(resolve); setTimeout(resolve, 25); });
    assert.ok(shown.length > taken, "a message is shown");
    return shown[taken];
  };
  return { api, shown, problems, nextShown };
}

/** The campaign of the demo app named `name`. */
async function campaignNamed(name) {
  const list = await server.admin("GET", `/api/v1/apps/${appID}/campaigns`);
  const found = list.items.find((campaign) => campaign.name === name);
  assert.ok(found, `the demo app has the campaign ${name}`);
  return found;
}

/** The campaign's totals, once they reached `impressions` (analytics count behind the request). */
async function totals(campaignID, impressions) {
  let latest;
  for (let i = 0; i < 100; i += 1) {
    latest = (await server.admin("GET", `/api/v1/apps/${appID}/campaigns/${campaignID}/analytics`)).totals;
    if (latest.impressions >= impressions) return latest;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return latest;
}

/** Lets pending sends and timers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

test("the app start shows the launch message; an event with a matching attribute shows its campaign; clicks are reported once", { skip }, async () => {
  const environment = testEnvironment();
  const tab = await openTab(environment);
  const welcome = await tab.nextShown(0);
  assert.equal(welcome.message.campaignName, "Welcome to Marquee");
  welcome.controls.close();

  tab.api.logEvent("level_up", { level: 1 });
  await settle();
  assert.equal(tab.shown.length, 1, "level 1 does not satisfy level > 2");

  tab.api.logEvent("level_up", { level: 3 });
  const levelUp = await tab.nextShown(1);
  assert.equal(levelUp.message.campaignName, "[game] Level up");
  assert.equal(levelUp.message.content.kind, "fullScreen");
  levelUp.controls.click(levelUp.message.content.buttons[0].id);
  await settle();

  const campaign = await campaignNamed("[game] Level up");
  const counted = await totals(campaign.id, 1);
  assert.equal(counted.impressions, 1);
  assert.equal(counted.buttonOneClicks, 1);
  assert.deepEqual(JSON.parse(environment.storage.getItem(`marquee:${server.subscriptionID}:outbox`)), [], "the outbox is empty once sent");
  assert.deepEqual(tab.problems, []);
});

test("a report the tab sent but did not get to remove counts once when the next page load sends it again", { skip }, async () => {
  const storage = new TestStorage();
  const outboxKey = `marquee:${server.subscriptionID}:outbox`;
  // The first tab's report reaches the server, and the tab closes before it hears back.
  let closeTab;
  const closed = new Promise((resolve) => { closeTab = resolve; });
  const cutAfterSending = async (input, init) => {
    const answer = await fetch(input, init);
    if (String(input).endsWith("/v1/impression")) {
      closeTab();
      return new Promise(() => {}); // the tab is gone: the answer never arrives
    }
    return answer;
  };
  const first = await openTab(testEnvironment({ storage, fetch: cutAfterSending }));
  const welcome = await first.nextShown(0);
  welcome.controls.close();
  await closed;
  const kept = JSON.parse(storage.getItem(outboxKey));
  assert.equal(kept.length, 1, "the report stays in the outbox until the server answered");

  // The next page load on the same browser sends what the outbox holds.
  const second = await openTab(testEnvironment({ storage }));
  for (let i = 0; i < 100 && JSON.parse(storage.getItem(outboxKey) ?? "[]").length > 0; i += 1) await settle();
  assert.deepEqual(JSON.parse(storage.getItem(outboxKey)), []);
  const campaign = await campaignNamed("Welcome to Marquee");
  await settle();
  const counted = await totals(campaign.id, 2);
  assert.equal(counted.impressions, 2, "one impression from the first test, one from this one: the resend counted once");
  assert.deepEqual(second.problems, []);
});

test("two tabs of one browser share the user's limits", { skip }, async () => {
  const storage = new TestStorage();
  const clock = new TestClock();
  const first = await openTab(testEnvironment({ storage, clock }));
  const second = await openTab(testEnvironment({ storage, clock }));
  // The launch message (one impression) shows in the first tab that starts; ending it there uses it up for both.
  const welcome = await first.nextShown(0);
  assert.equal(welcome.message.campaignName, "Welcome to Marquee");
  await settle();
  assert.equal(second.shown.length, 1, "both tabs readied it before either showed it");
  welcome.controls.close();
  second.shown[0].controls.close();

  // "Gallery highlight" may show three times to a user: twice in one tab and once in the other
  // use them up for both.
  const notShown = [];
  first.api.on("notShown", (event) => notShown.push(event));
  for (const [tab, taken] of [[first, 1], [second, 1], [first, 2]]) {
    tab.api.logEvent("open_gallery");
    const gallery = await tab.nextShown(taken);
    assert.equal(gallery.message.campaignName, "Gallery highlight");
    gallery.controls.close();
  }
  first.api.logEvent("open_gallery");
  second.api.logEvent("open_gallery");
  await settle();
  assert.equal(first.shown.length, 3);
  assert.equal(second.shown.length, 2);
  assert.deepEqual(notShown.map((event) => event.reason), ["impressionsUsedUp"]);
  assert.deepEqual([...first.problems, ...second.problems], []);
});

test("a campaign whose condition is a pattern loads the matcher and fires on a matching event only", { skip }, async () => {
  await server.admin("POST", `/api/v1/apps/${appID}/campaigns`, {
    name: "Coupon pattern", status: "active",
    message: { kind: "modal", title: "Your coupon works here" },
    triggers: { match: "all", triggers: [{ event: "custom", name: "coupon_entered", conditions: [{ name: "code", type: "string", operator: "matchesRegex", value: "^SPRING-\\d{4}$" }] }] },
  });
  const tab = await openTab(testEnvironment());
  const welcome = await tab.nextShown(0);
  welcome.controls.close();
  tab.api.logEvent("coupon_entered", { code: "SPRING-12" });
  await settle();
  assert.equal(tab.shown.length, 1, "SPRING-12 does not match ^spring-\\d{4}$");
  tab.api.logEvent("coupon_entered", { code: "spring-2027" });
  const coupon = await tab.nextShown(1);
  assert.equal(coupon.message.campaignName, "Coupon pattern");
  assert.deepEqual(tab.problems, []);
});
