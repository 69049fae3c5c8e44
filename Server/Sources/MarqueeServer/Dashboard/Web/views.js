// The dashboard's views, one entry each: its tab (`view-<name>` in index.html), the sections it
// shows, and how it is wired once and shown each time it opens. Adding a view is an entry here
// and its tab and sections in index.html; dashboard.js switches between them all the same way.
import { showAccounts, wireAccounts } from "./accounts.js";
import { showAudit, wireAudit } from "./audit.js";
import { showInbox, wireInbox } from "./inbox.js";
import { showSegments, wireSegments } from "./segments.js";
import { showSettings, wireSettings } from "./settings.js";
import { showTester, wireTester } from "./tester.js";
import { showWebhooks, wireWebhooks } from "./webhooks.js";

// `show` gets `{ appID, campaignID }`; views that read an app are shown only once one is chosen.
// `wire` gets the dashboard's callbacks (`onAppSaved`). The campaigns view is dashboard.js's own.
export const views = [
  { name: "campaigns", sections: ["campaign-editor", "campaign-preview"] },
  { name: "inbox", sections: ["inbox-view", "inbox-preview"], show: ({ appID }) => showInbox(appID), wire: wireInbox },
  { name: "segments", sections: ["segments-view"], show: ({ appID }) => showSegments(appID), wire: wireSegments },
  { name: "tester", sections: ["tester-view"], show: ({ appID }) => showTester(appID), wire: wireTester },
  { name: "settings", sections: ["settings-view"], show: ({ appID }) => showSettings(appID),
    wire: ({ onAppSaved }) => wireSettings(onAppSaved) },
  { name: "webhooks", sections: ["webhooks-view"], show: ({ appID }) => showWebhooks(appID), wire: wireWebhooks },
  { name: "audit", sections: ["audit-view"], show: ({ appID, campaignID }) => showAudit(appID, campaignID), wire: wireAudit },
  { name: "accounts", sections: ["accounts-view"], withoutApp: true, show: () => showAccounts(), wire: wireAccounts },
];
