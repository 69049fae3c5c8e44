/** A place to keep small texts across page loads: `localStorage`, or a map in tests. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Web Locks as the SDK uses them: one tab of a browser holds a named lock at a time. */
export interface TabLocks {
  /**
   * Runs `hold` once this tab holds the lock `name`, and keeps it until the promise `hold`
   * returns settles. Aborting `signal` gives up waiting (the promise returned then rejects).
   */
  request(name: string, signal: AbortSignal, hold: () => Promise<void>): Promise<void>;
}

/** Messages between the tabs of a browser (a `BroadcastChannel`): a tab does not hear its own. */
export interface TabChannel {
  post(message: unknown): void;
  /** Calls `receive` with each message another tab posts. */
  listen(receive: (message: unknown) => void): void;
  close(): void;
}

/** What the SDK runs on. Browsers get `browserEnvironment()`; tests inject their own. */
export interface Environment {
  fetch: typeof fetch;
  storage: KeyValueStorage;
  /** Milliseconds since 1970: every rule reads time from here, never from `Date.now()`. */
  now(): number;
  /** A random identifier (batch IDs, the device ID). */
  randomID(): string;
  /** A random number in [0, 1): where in a spread of time this tab acts. */
  random(): number;
  /** Runs `work` after `millis`; returns a function that cancels it. */
  schedule(millis: number, work: () => void): () => void;
  /** Elects the tab that holds the live channel for the others; without it (or a tab channel) each tab holds its own. */
  locks?: TabLocks | undefined;
  /** Opens the channel named `name` to the other tabs of the browser; `undefined` where there is none. */
  openTabChannel?: ((name: string) => TabChannel) | undefined;
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
    random: () => Math.random(),
    schedule: (millis, work) => {
      const timer = window.setTimeout(work, millis);
      return () => window.clearTimeout(timer);
    },
    locks: browserLocks(),
    openTabChannel: typeof BroadcastChannel === "function" ? browserTabChannel : undefined,
  };
}

/** `navigator.locks`, where the browser has it (a secure context of a recent browser). */
function browserLocks(): TabLocks | undefined {
  const locks = (navigator as Partial<Navigator>).locks;
  if (locks === undefined) return undefined;
  return { request: (name, signal, hold) => locks.request(name, { signal }, hold).then(() => undefined) };
}

function browserTabChannel(name: string): TabChannel {
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen: (receive) => { channel.onmessage = (event) => receive(event.data); },
    close: () => channel.close(),
  };
}
