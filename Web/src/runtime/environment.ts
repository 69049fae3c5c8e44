/** A place to keep small texts across page loads: `localStorage`, or a map in tests. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What the SDK runs on. Browsers get `browserEnvironment()`; tests inject their own. */
export interface Environment {
  fetch: typeof fetch;
  storage: KeyValueStorage;
  /** Milliseconds since 1970: every rule reads time from here, never from `Date.now()`. */
  now(): number;
  /** A random identifier (batch IDs, the device ID). */
  randomID(): string;
  /** Runs `work` after `millis`; returns a function that cancels it. */
  schedule(millis: number, work: () => void): () => void;
}

/** Storage that keeps nothing past the page: where `localStorage` is missing or refused. */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** The page's own: `fetch`, `localStorage` (when the browser allows it), the system clock. */
export function browserEnvironment(): Environment {
  let storage: KeyValueStorage;
  try {
    storage = window.localStorage;
    storage.getItem("marquee:probe");
  } catch {
    // Storage blocked (a sandboxed frame, strict privacy settings): the SDK still works for this page.
    storage = memoryStorage();
  }
  return {
    fetch: (input, init) => window.fetch(input, init),
    storage,
    now: () => Date.now(),
    randomID: () => crypto.randomUUID(),
    schedule: (millis, work) => {
      const timer = window.setTimeout(work, millis);
      return () => window.clearTimeout(timer);
    },
  };
}
