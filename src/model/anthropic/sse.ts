/** One server-sent event: its `event:` name (null when absent) and its joined `data:` lines. */
export interface ServerSentEvent {
  event: string | null;
  data: string;
}

/** The body is not a server-sent event stream at all. */
export class SseSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SseSyntaxError";
  }
}

/** Accumulates the fields of the event being read; one instance per stream. */
class EventBuilder {
  private event: string | null = null;
  private data: string[] = [];
  /** Events dispatched so far, and lines that were neither a field we know nor a comment. */
  dispatched = 0;
  strayLines = 0;

  /** Takes one line; returns the event that a blank line completed. */
  line(text: string): ServerSentEvent | undefined {
    if (text === "") return this.dispatch();
    if (text.startsWith(":")) return undefined;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") this.data.push(value);
    else if (field !== "id" && field !== "retry") this.strayLines += 1;
    return undefined;
  }

  /** Completes the pending event, if it has any field. */
  dispatch(): ServerSentEvent | undefined {
    if (this.event === null && this.data.length === 0) return undefined;
    const sse = { event: this.event, data: this.data.join("\n") };
    this.event = null;
    this.data = [];
    this.dispatched += 1;
    return sse;
  }
}

const LINE_END = /\r\n|\n|\r/g;

/**
 * Splits off every complete line of `buffer`; returns them and the unfinished rest. (A regular
 * expression finds the line ends: a character-by-character scan is slow until the JIT warms.)
 */
function takeLines(buffer: string): { lines: string[]; rest: string } {
  const lines: string[] = [];
  let start = 0;
  LINE_END.lastIndex = 0;
  for (let end = LINE_END.exec(buffer); end !== null; end = LINE_END.exec(buffer)) {
    // A CR as the last character may be the first half of a CRLF split across chunks.
    if (end[0] === "\r" && end.index + 1 === buffer.length) break;
    lines.push(buffer.slice(start, end.index));
    start = LINE_END.lastIndex;
  }
  return { lines, rest: buffer.slice(start) };
}

/**
 * Parses a server-sent event stream. Unlike a strict SSE reader, an event that the stream
 * ends without a blank line after is still delivered: recorded Messages API bodies end that
 * way, and dropping their last event would lose `message_stop`.
 * Throws `SseSyntaxError` when the body held text but not one event.
 */
export async function* parseServerSentEvents(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const decoder = new TextDecoder("utf-8");
  const builder = new EventBuilder();
  let buffer = "";
  let first = true;
  for await (const chunk of chunks) {
    buffer += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    if (first && buffer.length > 0) {
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      first = false;
    }
    const { lines, rest } = takeLines(buffer);
    buffer = rest;
    for (const line of lines) {
      const sse = builder.line(line);
      if (sse) yield sse;
    }
  }
  buffer += decoder.decode();
  for (const line of buffer.replace(/\r$/, "").split(/\r\n|\n|\r/)) {
    const sse = builder.line(line);
    if (sse) yield sse;
  }
  const last = builder.dispatch();
  if (last) yield last;
  if (builder.dispatched === 0 && builder.strayLines > 0) {
    throw new SseSyntaxError("the response body is not a server-sent event stream");
  }
}
