import { Campaign, Trigger, TriggerSet } from "./campaign.js";
import { CompiledCondition } from "./condition.js";
import { MarqueeEvent, eventKey, viewPointsAt } from "./event.js";

/** What logging one event did. */
export interface TriggerOutcome {
  /** Campaigns the event made ready, highest priority first; ties in load order. */
  ready: Campaign[];
  /** Whether some trigger listens for the event and its conditions matched. */
  matchedTrigger: boolean;
  /** A repeated app start (ignored), or an event logged before any campaigns were loaded (replayed by the first load). */
  deferred: boolean;
}

/** How far each campaign's triggers have got: matching events counted per trigger, depth first. */
export type TriggerProgress = Record<string, number[]>;

interface CompiledTrigger {
  trigger: Trigger;
  conditions: CompiledCondition[];
  isPersistent: boolean;
}

interface Slot {
  campaign: Campaign;
  set: TriggerSet;
  /** The set's serialized form: progress is kept across loads while it does not change. */
  signature: string;
  triggers: CompiledTrigger[];
}

interface Listener {
  slot: number;
  trigger: number;
}

/** Events kept while no campaigns are loaded yet, replayed at the first load. */
export const pendingEventLimit = 100;

/**
 * Decides which campaigns an event makes ready, without I/O.
 *
 * Campaigns are indexed by the key of each trigger, so an event costs time in proportion to the
 * triggers that listen for it, not to the number of campaigns. The rules are the contract's
 * (`contract/triggers.json`):
 * - a trigger holds once `occurrences` events with its key matched all its conditions;
 * - app start is persistent: the first one holds for the whole session, later ones are ignored;
 * - a campaign is ready when its trigger set holds and the caller's eligibility check passes;
 *   its satisfied non-persistent triggers then use up their events, and one that held on
 *   persistent events alone fires once per session;
 * - a tooltip also needs its target element's `viewAppeared`;
 * - campaigns one event readies come back highest priority first, ties in load order.
 */
export class TriggerEngine {
  #slots: Slot[] = [];
  #slotByID = new Map<string, number>();
  #index = new Map<string, Listener[]>();
  #viewAppearedNames: string[] = [];
  #counts: number[][] = [];
  /** The slots whose counts are not all zero: what `progress` reports, kept as counts change. */
  #counted = new Set<number>();
  #firedOnPersistentEvents = new Set<string>();
  #pendingEvents: MarqueeEvent[] = [];
  /** Whether campaigns were loaded at least once (before that, events are kept for replay). */
  isLoaded = false;
  /** Whether an app start was logged this session. */
  hasAppStarted = false;

  /** The counts to persist; campaigns with nothing counted are left out. Costs what is counted, not the campaigns. */
  get progress(): TriggerProgress {
    const result: TriggerProgress = {};
    for (const position of this.#counted) result[this.#slots[position]!.campaign.id] = [...this.#counts[position]!];
    return result;
  }

  /** Starts a new session: app start must be logged again and launch campaigns may fire again. */
  startSession(): void {
    this.hasAppStarted = false;
    this.#firedOnPersistentEvents.clear();
  }

  /**
   * Loads (or replaces) the campaigns and returns those ready now. Progress is kept for
   * campaigns whose triggers did not change; `progress` replaces it instead (another user's
   * saved state). The first load replays the events logged before it.
   */
  load(campaigns: readonly Campaign[], isEligible: (campaign: Campaign) => boolean, progress?: TriggerProgress): Campaign[] {
    const old = new Map<string, { signature: string; counts: number[] }>();
    if (progress === undefined) {
      this.#slots.forEach((slot, position) => old.set(slot.campaign.id, { signature: slot.signature, counts: this.#counts[position]! }));
    } else {
      this.#firedOnPersistentEvents.clear();
    }
    this.#slots = [];
    this.#slotByID = new Map();
    this.#index = new Map();
    this.#counts = [];
    this.#counted = new Set();
    for (const campaign of campaigns) {
      if (this.#slotByID.has(campaign.id)) continue;
      const set = effectiveTriggers(campaign);
      const compiled = allTriggers(set).map((trigger) => ({
        trigger,
        conditions: (trigger.conditions ?? []).map((condition) => new CompiledCondition(condition)),
        isPersistent: trigger.event === "appStart",
      }));
      const position = this.#slots.length;
      const signature = JSON.stringify(set);
      this.#slots.push({ campaign, set, signature, triggers: compiled });
      this.#slotByID.set(campaign.id, position);
      const saved = progress?.[campaign.id];
      const kept = old.get(campaign.id);
      let initial = compiled.map(() => 0);
      if (saved !== undefined && saved.length === compiled.length) {
        initial = saved.map((count) => Math.max(0, count));
      } else if (progress === undefined && kept !== undefined && kept.signature === signature) {
        initial = kept.counts;
      }
      this.#counts.push(initial);
      if (initial.some((count) => count > 0)) this.#counted.add(position);
      compiled.forEach((trigger, index) => {
        const key = eventKey(trigger.trigger.event, trigger.trigger.name);
        const listeners = this.#index.get(key) ?? [];
        listeners.push({ slot: position, trigger: index });
        this.#index.set(key, listeners);
      });
    }
    this.#viewAppearedNames = [...new Set(this.#slots.flatMap((slot) => slot.triggers)
      .filter(({ trigger }) => trigger.event === "viewAppeared")
      .map(({ trigger }) => trigger.name ?? ""))];
    for (const id of [...this.#firedOnPersistentEvents]) {
      if (!this.#slotByID.has(id)) this.#firedOnPersistentEvents.delete(id);
    }

    const ready: number[] = [];
    if (!this.isLoaded) {
      this.isLoaded = true;
      const replay = this.#pendingEvents;
      this.#pendingEvents = [];
      for (const event of replay) ready.push(...this.#fire(this.#count(event).touched, isEligible));
    }
    ready.push(...this.#fire(this.#slots.map((_, position) => position), isEligible));
    return this.#ordered(ready);
  }

  /**
   * Logs an event and returns what it made ready. `advanced` hears each campaign the event
   * counted toward without making it ready (a debug session's "trigger advanced").
   */
  log(event: MarqueeEvent, isEligible: (campaign: Campaign) => boolean, advanced?: (campaign: Campaign) => void): TriggerOutcome {
    const persistent = event.kind === "appStart";
    if (persistent && this.hasAppStarted) return { ready: [], matchedTrigger: false, deferred: true };
    if (!this.isLoaded) {
      if (persistent) {
        this.hasAppStarted = true;
      } else if (this.#pendingEvents.length < pendingEventLimit) {
        this.#pendingEvents.push(event);
      }
      return { ready: [], matchedTrigger: false, deferred: true };
    }
    const { touched, matched } = this.#count(event);
    const fired = this.#fire(touched, isEligible);
    if (advanced !== undefined) {
      for (const slot of touched) if (!fired.includes(slot)) advanced(this.#slots[slot]!.campaign);
    }
    return { ready: this.#ordered(fired), matchedTrigger: matched, deferred: false };
  }

  /** Counts `event` toward every trigger listening for it; returns the campaigns touched. */
  #count(event: MarqueeEvent): { touched: number[]; matched: boolean } {
    if (event.kind === "appStart") this.hasAppStarted = true;
    const touched: number[] = [];
    const attributes = event.attributes ?? {};
    for (const listener of this.#listeners(event)) {
      const trigger = this.#slots[listener.slot]!.triggers[listener.trigger]!;
      if (!trigger.conditions.every((condition) => condition.matches(attributes))) continue;
      if (!trigger.isPersistent) {
        this.#counts[listener.slot]![listener.trigger]! += 1;
        this.#counted.add(listener.slot);
      }
      if (!touched.includes(listener.slot)) touched.push(listener.slot);
    }
    return { touched, matched: touched.length > 0 };
  }

  /** The triggers `event` counts toward: those of its key, or for an appeared view those of every element its identifier contains. */
  #listeners(event: MarqueeEvent): Listener[] {
    if (event.kind !== "viewAppeared") return this.#index.get(eventKey(event.kind, event.name)) ?? [];
    const identifier = event.name ?? "";
    return this.#viewAppearedNames
      .filter((name) => viewPointsAt(identifier, name))
      .flatMap((name) => this.#index.get(eventKey("viewAppeared", name)) ?? []);
  }

  /** The slots among `candidates` that are ready; uses up the events they used. */
  #fire(candidates: readonly number[], isEligible: (campaign: Campaign) => boolean): number[] {
    const ready: number[] = [];
    for (const position of candidates) {
      const slot = this.#slots[position]!;
      const satisfied = this.#satisfaction(position);
      let next = 0;
      if (!isSatisfied(slot.set, () => satisfied[next++]!)) continue;
      const consumable = slot.triggers.map((_, index) => index).filter((index) => !slot.triggers[index]!.isPersistent && satisfied[index]);
      if (consumable.length === 0 && this.#firedOnPersistentEvents.has(slot.campaign.id)) continue;
      if (!isEligible(slot.campaign)) continue;
      for (const index of consumable) this.#counts[position]![index]! -= occurrences(slot.triggers[index]!.trigger);
      if (this.#counts[position]!.every((count) => count <= 0)) this.#counted.delete(position);
      if (consumable.length === 0) this.#firedOnPersistentEvents.add(slot.campaign.id);
      ready.push(position);
    }
    return ready;
  }

  /** Whether each trigger of the slot holds, in depth-first order. */
  #satisfaction(position: number): boolean[] {
    return this.#slots[position]!.triggers.map((trigger, index) =>
      trigger.isPersistent ? this.hasAppStarted : this.#counts[position]![index]! >= occurrences(trigger.trigger));
  }

  #ordered(ready: readonly number[]): Campaign[] {
    const unique = ready.filter((slot, index) => ready.indexOf(slot) === index);
    const priority = (slot: number): number => this.#slots[slot]!.campaign.delivery?.priority ?? 0;
    return unique
      .sort((a, b) => (priority(a) !== priority(b) ? priority(b) - priority(a) : a - b))
      .map((slot) => this.#slots[slot]!.campaign);
  }
}

/** How many matching events make a trigger hold: at least 1. */
function occurrences(trigger: Trigger): number {
  return Math.max(1, trigger.occurrences ?? 1);
}

/** Every trigger in the set and its groups, depth first. */
export function allTriggers(set: TriggerSet): Trigger[] {
  return [...(set.triggers ?? []), ...(set.groups ?? []).flatMap(allTriggers)];
}

/** Whether the set holds, given (in depth-first order) whether each of its triggers does. */
function isSatisfied(set: TriggerSet, nextSatisfied: () => boolean): boolean {
  const members = [...(set.triggers ?? []).map(() => nextSatisfied()), ...(set.groups ?? []).map((group) => isSatisfied(group, nextSatisfied))];
  if (members.length === 0) return false;
  return (set.match ?? "all") === "all" ? members.every(Boolean) : members.some(Boolean);
}

/** The trigger set evaluated for `campaign`: a tooltip also waits for its target element. */
export function effectiveTriggers(campaign: Campaign): TriggerSet {
  const set = campaign.triggers ?? {};
  const target = campaign.message.kind === "tooltip" ? campaign.message.tooltip?.targetElementID : undefined;
  if (target === undefined || target === "") return set;
  return { match: "all", triggers: [{ event: "viewAppeared", name: target }], groups: [set] };
}
