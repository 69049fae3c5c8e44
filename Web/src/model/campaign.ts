import { AttributeCondition } from "./condition.js";
import { EventKind } from "./event.js";

/**
 * A campaign as the server sends it (the `campaign` of a ping's `marquee` extension). Only what
 * the device's rules read is typed here; the message's own fields are the renderer's.
 */
export interface Campaign {
  id: string;
  name: string;
  isTest?: boolean;
  message: CampaignMessage;
  triggers?: TriggerSet;
  delivery?: DeliveryRules;
  experiment?: Experiment;
}

export interface CampaignMessage {
  kind: string;
  tooltip?: { targetElementID?: string };
  [field: string]: unknown;
}

/** One trigger: an event, conditions on its attributes (all must hold), and how often. */
export interface Trigger {
  event: EventKind;
  /** The custom event's name, the element identifier (`viewAppeared`) or the rule keyword (`rule`). */
  name?: string;
  conditions?: AttributeCondition[];
  /** How many matching events make it fire; firing uses them up. At least 1. */
  occurrences?: number;
}

/** Triggers and nested groups combined with AND (`all`) or OR (`any`). */
export interface TriggerSet {
  match?: "all" | "any";
  triggers?: Trigger[];
  groups?: TriggerSet[];
}

/** When and how often a campaign may be shown. Times are ISO 8601 texts. */
export interface DeliveryRules {
  /** Higher shows first when one event readies several campaigns. */
  priority?: number;
  startTime?: string;
  endTime?: string;
  maxImpressions?: number;
  infiniteImpressions?: boolean;
  /** Seconds before the same user sees it again; absent: as soon as it is triggered. */
  reEligibilitySeconds?: number;
  frequencyCapIDs?: string[];
  /** Milliseconds after it closes before the next message may show. */
  delayAfterCloseMillis?: number;
}

/** A limit several campaigns share: at most `limit` displays within `periodSeconds`. */
export interface FrequencyCap {
  id: string;
  limit: number;
  periodSeconds: number;
}

/** Message variants and a control group. */
export interface Experiment {
  variants?: { id: string; weight: number }[];
  /** The percentage of users (0 to 90) in the control group. */
  controlPercent?: number;
}

/** The delivery rules with their defaults filled in, times in milliseconds. */
export interface Delivery {
  priority: number;
  startMillis: number | undefined;
  endMillis: number | undefined;
  maxImpressions: number;
  infiniteImpressions: boolean;
  reEligibilitySeconds: number | undefined;
  frequencyCapIDs: readonly string[];
  delayAfterCloseMillis: number;
}

const timeMillis = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const millis = Date.parse(text);
  return Number.isNaN(millis) ? undefined : millis;
};

/** `campaign`'s delivery rules, defaults applied as the server's model defines them. */
export function delivery(campaign: Campaign): Delivery {
  const rules = campaign.delivery ?? {};
  return {
    priority: rules.priority ?? 0,
    startMillis: timeMillis(rules.startTime),
    endMillis: timeMillis(rules.endTime),
    maxImpressions: rules.maxImpressions ?? 1,
    infiniteImpressions: rules.infiniteImpressions ?? false,
    reEligibilitySeconds: rules.reEligibilitySeconds,
    frequencyCapIDs: rules.frequencyCapIDs ?? [],
    delayAfterCloseMillis: rules.delayAfterCloseMillis ?? 0,
  };
}

/** Whether `millis` falls inside the start and end times (either may be open; both included). */
export function isLive(rules: Delivery, millis: number): boolean {
  return !(rules.startMillis !== undefined && millis < rules.startMillis) && !(rules.endMillis !== undefined && millis > rules.endMillis);
}
