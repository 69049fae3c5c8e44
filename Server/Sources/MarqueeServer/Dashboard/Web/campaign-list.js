// The campaign list: search, filters by status and kind, and a selection for bulk pause or archive.
import { $, api, canEditCampaigns, element, say, showProblems } from "./api.js";
import { choices, model } from "./model.js";

const selected = new Set();

// The kind filter offers every kind of the server's model, after "Any kind".
export function fillKindFilter() {
  const filter = $("campaign-kind-filter");
  filter.replaceChildren(new Option("Any kind", ""), ...choices(model.messageKinds).map(([value, text]) => new Option(text, value)));
}

// Shows `campaigns`, filtered as the controls say; `current` is the open one, `open(id)` opens one.
export function renderCampaignList(campaigns, current, open) {
  const query = $("campaign-search").value.trim().toLowerCase();
  const status = $("campaign-status-filter").value;
  const kind = $("campaign-kind-filter").value;
  const shown = campaigns.filter((campaign) => (!query || campaign.name.toLowerCase().includes(query))
    && (!status || campaign.status === status) && (!kind || campaign.message.kind === kind));
  for (const id of [...selected]) if (!campaigns.some((campaign) => campaign.id === id)) selected.delete(id);
  const list = $("campaigns");
  list.replaceChildren();
  for (const campaign of shown) {
    const item = element("li", undefined, "campaign-item");
    if (canEditCampaigns()) {
      const box = element("input");
      box.type = "checkbox";
      box.checked = selected.has(campaign.id);
      box.setAttribute("aria-label", `Select ${campaign.name}`);
      box.addEventListener("change", () => {
        if (box.checked) selected.add(campaign.id); else selected.delete(campaign.id);
        updateBulk();
      });
      item.append(box);
    }
    const button = element("button", campaign.name);
    button.append(element("span", campaign.status, `badge ${campaign.status}`));
    button.setAttribute("aria-current", String(campaign.id === current));
    button.addEventListener("click", () => open(campaign.id));
    item.append(button);
    list.append(item);
  }
  if (shown.length === 0) list.append(element("li", campaigns.length ? "No campaign matches." : "No campaigns yet.", "muted"));
  $("campaign-count").textContent = `${shown.length} of ${campaigns.length}`;
  updateBulk();
}

function updateBulk() {
  $("bulk-actions").hidden = !canEditCampaigns() || selected.size === 0;
  $("bulk-count").textContent = `${selected.size} selected`;
}

// Sets the status of every selected campaign; `done()` reloads the list afterwards.
async function setSelected(appID, status, done) {
  const ids = [...selected];
  let changed = 0;
  try {
    for (const id of ids) {
      await api("PUT", `/api/v1/apps/${appID}/campaigns/${id}/status`, { status });
      changed += 1;
      selected.delete(id);
    }
    say(`${status === "paused" ? "Paused" : "Archived"} ${changed} ${changed === 1 ? "campaign" : "campaigns"}.`);
  } catch (error) {
    showProblems(error);
  }
  await done();
}

// Wires the controls; `appID()` is the current app, `refresh()` re-renders and `reload()` refetches.
export function wireCampaignList(appID, refresh, reload) {
  $("campaign-search").addEventListener("input", refresh);
  $("campaign-status-filter").addEventListener("change", refresh);
  $("campaign-kind-filter").addEventListener("change", refresh);
  $("bulk-pause").addEventListener("click", () => setSelected(appID(), "paused", reload));
  $("bulk-archive").addEventListener("click", () => setSelected(appID(), "archived", reload));
}
