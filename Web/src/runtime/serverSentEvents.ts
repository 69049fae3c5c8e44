/** One event of a Server-Sent Events stream. */
export interface ServerSentEvent {
  /** The `event` field; `message` when the stream names none. */
  name: string;
  data: string;
}

/** The stream broke the parser's limits: the connection is dropped, not buffered without end. */
export class StreamLimitExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StreamLimitExceeded";
  }
}

/** Line breaks of any kind: LF, CR, or CRLF (read as CR then LF). */
const lineBreak = /[\r\n]/g;

/**
 * Reads a Server-Sent Events stream as it arrives, in text chunks split anywhere, after the HTML
 * standard's rules (as the Swift SDK's parser does): lines end in LF, CR or CRLF; a blank line
 * dispatches the event; `id` sets the last event id (kept across events), `retry` the
 * reconnection delay; comments (`:`) are skipped. A line longer than `maxLineLength`, or an
 * event's data beyond `maxEventLength` (both in characters), throws `StreamLimitExceeded`, so a
 * broken or hostile server cannot make the page buffer without end.
 */
export class ServerSentEventParser {
  /** The last `id` the stream set; sent back as `Last-Event-ID` on reconnecting. */
  lastEventID: string | undefined;
  /** The last `retry` the stream set, in milliseconds. */
  retryMillis: number | undefined;

  #line = "";
  /** The last chunk ended in CR: an LF starting the next one belongs to it. */
  #sawCR = false;
  #name = "";
  #data: string[] = [];
  #dataLength = 0;

  constructor(readonly maxLineLength = 1 << 20, readonly maxEventLength = 1 << 20) {}

  /** Feeds the next text; returns the events it completed. */
  feed(text: string): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    let start = 0;
    if (this.#sawCR && text.length > 0) {
      this.#sawCR = false;
      if (text[0] === "\n") start = 1;
    }
    while (start < text.length) {
      lineBreak.lastIndex = start;
      const found = lineBreak.exec(text);
      const end = found === null ? text.length : found.index;
      if (this.#line.length + end - start > this.maxLineLength) throw new StreamLimitExceeded(`a line is longer than ${this.maxLineLength} characters`);
      this.#line += text.slice(start, end);
      if (found === null) break;
      const event = this.#endLine();
      if (event !== undefined) events.push(event);
      start = end + 1;
      if (text[end] === "\r") {
        if (start === text.length) this.#sawCR = true;
        else if (text[start] === "\n") start += 1;
      }
    }
    return events;
  }

  #endLine(): ServerSentEvent | undefined {
    const line = this.#line;
    this.#line = "";
    if (line === "") return this.#dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "event":
        this.#name = value;
        break;
      case "data":
        this.#dataLength += value.length + 1;
        if (this.#dataLength > this.maxEventLength) throw new StreamLimitExceeded(`an event's data is longer than ${this.maxEventLength} characters`);
        this.#data.push(value);
        break;
      case "id":
        if (!value.includes("\0")) this.lastEventID = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.retryMillis = Number(value);
        break;
    }
    return undefined;
  }

  #dispatch(): ServerSentEvent | undefined {
    const event = this.#data.length === 0 ? undefined : { name: this.#name === "" ? "message" : this.#name, data: this.#data.join("\n") };
    this.#name = "";
    this.#data = [];
    this.#dataLength = 0;
    return event;
  }
}
