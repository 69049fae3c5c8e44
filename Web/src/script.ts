import * as api from "./api.js";
import { setModuleBase } from "./runtime/moduleLoader.js";

// The optional modules (the message UI, the matcher) are beside this script.
setModuleBase(typeof document === "undefined" ? undefined : (document.currentScript as HTMLScriptElement | null)?.src);

/** A call the snippet's stub kept before the script loaded: the method's name and its arguments. */
type QueuedCall = [keyof typeof api, ArrayLike<unknown>];

interface Stub {
  q?: QueuedCall[];
}

// The one global: the same API as the module. Calls the snippet queued run in order.
const global = globalThis as unknown as { Marquee?: Stub & Partial<typeof api> };
const queued = global.Marquee?.q ?? [];
global.Marquee = api;
for (const [method, args] of queued) {
  const call = api[method];
  if (typeof call === "function") {
    try {
      const result = (call as (...values: unknown[]) => unknown)(...Array.from(args));
      if (result instanceof Promise) result.catch((error) => console.error("Marquee:", error));
    } catch (error) {
      console.error("Marquee:", error);
    }
  }
}
