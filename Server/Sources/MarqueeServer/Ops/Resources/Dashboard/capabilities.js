// Which clients can receive a campaign, in words: the server lists the capabilities a campaign
// needs beyond what RInAppMessaging clients have.
const reasons = {
  "campaign.extension": "Marquee's campaign extension",
  "message.banner": "banner kind",
  "message.image": "image kind",
  "message.video": "video kind",
  "message.tooltip": "tooltip kind",
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
  "image.svg": "an SVG image, which RInAppMessaging clients cannot decode (use PNG or JPEG for them)",
  inbox: "the App Inbox",
};

export function describeClients(capabilities) {
  if (capabilities.length === 0) return "Shows on every RInAppMessaging client";
  return `Marquee SDK only, because: ${capabilities.map((name) => reasons[name] || name).join(", ")}`;
}
