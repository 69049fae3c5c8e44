import { Campaign, FrequencyCap, delivery, isLive } from "./campaign.js";
import { DebugReason } from "./reasons.js";

/** A campaign's impressions: the limit they were counted against, and how many are left. */
export interface ImpressionRecord {
  maxImpressions: number;
  left: number;
}

/**
 * What one user has seen, as plain data that persists as JSON: impressions left, opt-outs,
 * when each campaign last showed, and the displays each frequency cap counts. Times are
 * milliseconds since 1970; nothing here reads a clock.
 */
export interface UserStateData {
  impressions: Record<string, ImpressionRecord>;
  optedOut: string[];
  lastDisplayed: Record<string, number>;
  capHistory: Record<string, number[]>;
  frequencyCaps: FrequencyCap[];
  /** What the user had of campaigns no longer listed, kept in case they return. */
  absent: Record<string, AbsentCampaign>;
}

/** A campaign missing from the list since `since`, with what the user had of it. */
export interface AbsentCampaign {
  since: number;
  impressions?: ImpressionRecord;
  optedOut: boolean;
  lastDisplayed?: number;
}

/** How long what the user had of a missing campaign is kept. */
export const absentRetentionSeconds = 30 * 24 * 60 * 60;

export const emptyUserState = (): UserStateData =>
  ({ impressions: {}, optedOut: [], lastDisplayed: {}, capHistory: {}, frequencyCaps: [], absent: {} });

const seconds = (fromMillis: number, toMillis: number): number => (toMillis - fromMillis) / 1000;

/** The display rules one user's state decides (the contract's `display/eligibility` cases). */
export class UserState {
  constructor(readonly data: UserStateData = emptyUserState()) {}

  /**
   * Adopts a new campaign list at `now`: impressions of a campaign whose limit changed move by
   * the change, and a test campaign has one impression per list. What the user had of a campaign
   * no longer listed is set aside, and restored if it is listed again within 30 days (a campaign
   * paused and resumed does not show again to those who used it up).
   */
  adopt(campaigns: readonly Campaign[], caps: readonly FrequencyCap[], now: number): void {
    const { data } = this;
    const listed = new Set(campaigns.map((campaign) => campaign.id));
    data.absent = Object.fromEntries(Object.entries(data.absent).filter(([, entry]) => seconds(entry.since, now) < absentRetentionSeconds));
    const known = new Set([...Object.keys(data.impressions), ...data.optedOut, ...Object.keys(data.lastDisplayed)]);
    for (const id of known) {
      if (listed.has(id)) continue;
      const entry: AbsentCampaign = data.absent[id] ?? { since: now, optedOut: false };
      const impressions = data.impressions[id];
      const last = data.lastDisplayed[id];
      if (impressions !== undefined) entry.impressions = impressions;
      if (data.optedOut.includes(id)) entry.optedOut = true;
      if (last !== undefined) entry.lastDisplayed = last;
      data.absent[id] = entry;
    }
    for (const id of listed) {
      const returning = data.absent[id];
      if (returning === undefined) continue;
      delete data.absent[id];
      if (returning.impressions !== undefined) data.impressions[id] = returning.impressions;
      if (returning.optedOut && !data.optedOut.includes(id)) data.optedOut.push(id);
      if (returning.lastDisplayed !== undefined) data.lastDisplayed[id] = returning.lastDisplayed;
    }
    // Only campaigns the user saw have a record: without one, a campaign has all its impressions,
    // so the state grows with what the user saw, not with the list.
    const records: Record<string, ImpressionRecord> = {};
    for (const campaign of campaigns) {
      const old = data.impressions[campaign.id];
      // A test campaign shows once per list, whatever its limit: a new list starts it afresh.
      if (old === undefined || campaign.isTest === true) continue;
      const maxImpressions = delivery(campaign).maxImpressions;
      records[campaign.id] = { maxImpressions, left: Math.max(0, old.left + maxImpressions - old.maxImpressions) };
    }
    data.impressions = records;
    data.optedOut = data.optedOut.filter((id) => listed.has(id));
    data.lastDisplayed = Object.fromEntries(Object.entries(data.lastDisplayed).filter(([id]) => listed.has(id)));
    data.frequencyCaps = [...caps];
  }

  /** Impressions left for `campaign`; `Infinity` when unlimited. */
  impressionsLeft(campaign: Campaign): number {
    const rules = delivery(campaign);
    if (rules.infiniteImpressions && campaign.isTest !== true) return Infinity;
    return this.data.impressions[campaign.id]?.left ?? (campaign.isTest === true ? 1 : rules.maxImpressions);
  }

  /** The rule that keeps `campaign` from showing at `now`, or `undefined` when it may show. */
  ineligibility(campaign: Campaign, now: number): DebugReason | undefined {
    if (this.impressionsLeft(campaign) <= 0) return "impressionsUsedUp";
    if (campaign.isTest === true) return undefined;
    if (this.data.optedOut.includes(campaign.id)) return "optedOut";
    const rules = delivery(campaign);
    if (!isLive(rules, now)) return "outsideDates";
    const last = this.data.lastDisplayed[campaign.id];
    if (rules.reEligibilitySeconds !== undefined && last !== undefined && seconds(last, now) < rules.reEligibilitySeconds) {
      return "reEligibility";
    }
    for (const capID of rules.frequencyCapIDs) {
      const cap = this.data.frequencyCaps.find((candidate) => candidate.id === capID);
      if (cap === undefined) continue;
      const recent = (this.data.capHistory[capID] ?? []).filter((shown) => seconds(shown, now) < cap.periodSeconds);
      if (recent.length >= cap.limit) return "frequencyCap";
    }
    return undefined;
  }

  /** A display the user saw to its end at `now`, with their opt-out (ignored for test campaigns). */
  recordEnd(campaign: Campaign, optedOut: boolean, now: number): void {
    this.recordDisplay(campaign, now, true);
    if (optedOut && campaign.isTest !== true && !this.data.optedOut.includes(campaign.id)) this.data.optedOut.push(campaign.id);
  }

  /**
   * A control-group user held back at `now`: it uses an impression and starts the
   * re-eligibility clock as a display would, but counts toward no frequency cap (nothing showed).
   */
  recordHoldBack(campaign: Campaign, now: number): void {
    this.recordDisplay(campaign, now, false);
  }

  private recordDisplay(campaign: Campaign, now: number, countsTowardCaps: boolean): void {
    const rules = delivery(campaign);
    if (!(rules.infiniteImpressions && campaign.isTest !== true)) {
      const record = this.data.impressions[campaign.id] ?? { maxImpressions: rules.maxImpressions, left: this.impressionsLeft(campaign) };
      this.data.impressions[campaign.id] = { ...record, left: Math.max(0, record.left - 1) };
    }
    this.data.lastDisplayed[campaign.id] = now;
    if (!countsTowardCaps) return;
    for (const capID of rules.frequencyCapIDs) {
      const period = this.data.frequencyCaps.find((cap) => cap.id === capID)?.periodSeconds ?? 0;
      const kept = (this.data.capHistory[capID] ?? []).filter((shown) => seconds(shown, now) < period);
      this.data.capHistory[capID] = [...kept, now];
    }
  }
}
