// What the tabs of one browser share, for node: a Web Locks stand-in and BroadcastChannels, each
// the SDK's `TabLocks` and `openTabChannel` of its environment.

/** Named locks, each held by one requester at a time, granted in the order asked (as Web Locks are). */
export class TestLocks {
  queues = new Map();

  /** Runs `hold` once the lock `name` is this requester's; keeps it until `hold`'s promise settles. */
  request(name, signal, hold) {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      const entry = { hold, resolve, reject };
      queue.push(entry);
      // Aborting gives up waiting; a lock already held stays held until `hold` settles.
      signal.addEventListener("abort", () => {
        const index = queue.indexOf(entry);
        if (index <= 0) return;
        queue.splice(index, 1);
        reject(new DOMException("the request was aborted", "AbortError"));
      }, { once: true });
      if (queue.length === 1) this.#grant(name);
    });
  }

  /** Whether anyone holds `name`. */
  isHeld(name) { return (this.queues.get(name)?.length ?? 0) > 0; }

  #grant(name) {
    const queue = this.queues.get(name);
    const entry = queue[0];
    if (entry === undefined) return;
    Promise.resolve().then(() => entry.hold()).then(entry.resolve, entry.reject).finally(() => {
      queue.shift();
      this.#grant(name);
    });
  }
}

/** BroadcastChannels of one browser: a message reaches every other open channel of its name, later. */
export class TestTabChannels {
  channels = new Map();
  posted = [];

  open = (name) => {
    const peers = this.channels.get(name) ?? new Set();
    this.channels.set(name, peers);
    const self = { receive: undefined };
    peers.add(self);
    return {
      post: (message) => {
        this.posted.push(message);
        const copy = structuredClone(message);
        for (const peer of peers) if (peer !== self) setTimeout(() => peer.receive?.(copy), 0);
      },
      listen: (receive) => { self.receive = receive; },
      close: () => { peers.delete(self); },
    };
  };
}
