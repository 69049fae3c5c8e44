import { DebugReason } from "../model/reasons.js";
import { DisplayedMessage, Resolution } from "./messages.js";

/** What the SDK tells the page, by event name. */
export interface MarqueeEvents {
  /** A message is on screen. */
  display: DisplayedMessage;
  /** A message ended. */
  close: { message: DisplayedMessage; resolution: Resolution; optedOut: boolean };
  /** A ready campaign did not show, and why (the debug session's codes). */
  notShown: { campaignID: string; reason: DebugReason };
  /** Something went wrong that the page may want to log: a request failed, storage is full. */
  problem: string;
}

export type MarqueeEventName = keyof MarqueeEvents;
export type Listener<Name extends MarqueeEventName> = (value: MarqueeEvents[Name]) => void;

/** Listeners by event name; a listener that throws never stops the SDK or the others. */
export class Emitter {
  readonly #listeners = new Map<MarqueeEventName, Set<(value: never) => void>>();

  on<Name extends MarqueeEventName>(name: Name, listener: Listener<Name>): () => void {
    const set = this.#listeners.get(name) ?? new Set();
    set.add(listener as (value: never) => void);
    this.#listeners.set(name, set);
    return () => this.off(name, listener);
  }

  off<Name extends MarqueeEventName>(name: Name, listener: Listener<Name>): void {
    this.#listeners.get(name)?.delete(listener as (value: never) => void);
  }

  has(name: MarqueeEventName): boolean {
    return (this.#listeners.get(name)?.size ?? 0) > 0;
  }

  emit<Name extends MarqueeEventName>(name: Name, value: MarqueeEvents[Name]): void {
    for (const listener of [...(this.#listeners.get(name) ?? [])]) {
      try {
        (listener as Listener<Name>)(value);
      } catch (error) {
        if (name !== "problem") this.emit("problem", `a ${name} listener threw: ${String(error)}`);
      }
    }
  }
}
