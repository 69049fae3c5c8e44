// Which clients can receive a campaign, in words: the server lists the capabilities a campaign
// needs beyond what RInAppMessaging clients have.
const reasons = {
  "campaign.extension": "Marquee's campaign extension",
  "message.banner": "banner kind",
  "message.image": "image kind",
  "message.video": "video kind",
  "message.tooltip": "a tooltip with text or buttons, or without an image (RInAppMessaging clients draw a tooltip from its image alone)",
  "message.header": "a header",
  "message.template": "a template",
  "trigger.any": "an OR group",
  "trigger.occurrences": "occurrence counts",
  "event.sessionStart": "a session-start trigger",
  "event.pushClick": "a push-click trigger",
  "event.viewAppeared": "a view-appeared trigger",
  "event.rule": "a rule-keyword trigger",
  "delivery.priority": "a priority",
  "delivery.frequencyCaps": "frequency caps",
  "delivery.reEligibility": "re-eligibility",
  "condition.containsItem": "a contains-item condition",
  "condition.regexEscapes": "a regex with an uppercase escape (\\D, \\W, \\S, \\B), which RInAppMessaging clients lowercase",
  "message.html": "the HTML kind, which RInAppMessaging clients cannot show",
  "message.carousel": "the carousel kind, which RInAppMessaging clients cannot show",
  "message.survey": "the survey kind, which RInAppMessaging clients cannot show",
  "placement.embedded": "embedded content in a placement, which RInAppMessaging clients have no place for",
  "image.svg": "an SVG image, which RInAppMessaging clients cannot decode (use PNG or JPEG for them)",
  "message.slideFromTop": "a slide-up from the top, which RInAppMessaging clients show at the bottom",
  inbox: "the App Inbox",
};

// What one RInAppMessaging client does differently with a campaign both are sent.
const caveats = {
  "pushPrimer.rmcOnly": { client: "iOS", words: "shows it only in apps with Rakuten's RMC module (a push-primer button)" },
  "purchase.conditions": { client: "iOS", words: "never shows it: it reads purchase attributes under other names (conditions on a purchase trigger)" },
  "regex.wholeValue": { client: "Android", words: "matches each pattern against the whole value, case-sensitively" },
};

export function describeClients(capabilities, caveatNames = []) {
  if (capabilities.length > 0) {
    return `Marquee SDK only, because: ${capabilities.map((name) => reasons[name] || name).join(", ")}`;
  }
  if (caveatNames.length === 0) return "Shows on every RInAppMessaging client";
  const perClient = ["iOS", "Android"].map((client) => {
    const words = caveatNames.map((name) => caveats[name]).filter((caveat) => caveat && caveat.client === client);
    return words.length === 0 ? `${client} shows it` : `${client} ${words.map((caveat) => caveat.words).join("; ")}`;
  });
  return `On RInAppMessaging clients: ${perClient.join(". ")}.`;
}
