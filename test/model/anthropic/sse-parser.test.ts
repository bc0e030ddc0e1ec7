import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  parseServerSentEvents,
  type ServerSentEvent,
  SseSyntaxError,
} from "../../../src/model/anthropic/sse.js";
import { fixture } from "./helpers.js";

async function* from(chunks: Array<string | Uint8Array>) {
  for (const chunk of chunks) yield chunk;
}

async function parse(chunks: Array<string | Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of parseServerSentEvents(from(chunks))) events.push(event);
  return events;
}

describe("the server-sent event parser", () => {
  it("reads event names and data, skipping comments and id/retry fields", async () => {
    const events = await parse([": hello\nid: 4\nretry: 10\nevent: ping\ndata: {}\n\n"]);
    expect(events).toEqual([{ event: "ping", data: "{}" }]);
  });

  it("joins multi-line data with newlines and strips one leading space only", async () => {
    expect(await parse(["data:  a\ndata:b\n\n"])).toEqual([{ event: null, data: " a\nb" }]);
  });

  it("accepts CRLF and lone CR line endings, even when a CRLF is split across chunks", async () => {
    const events = await parse(["event: a\r", "\ndata: 1\r\n\r\nevent: b\rdata: 2\r\r"]);
    expect(events).toEqual([
      { event: "a", data: "1" },
      { event: "b", data: "2" },
    ]);
  });

  it("delivers a last event that has no blank line (or no newline) after it", async () => {
    expect(await parse(["event: x\ndata: 1"])).toEqual([{ event: "x", data: "1" }]);
    expect(await parse(["event: x\ndata: 1\n"])).toEqual([{ event: "x", data: "1" }]);
  });

  it("decodes a multi-byte character split across byte chunks", async () => {
    const bytes = new TextEncoder().encode("data: tidé\n\n");
    const events = await parse([bytes.slice(0, 10), bytes.slice(10)]);
    expect(events).toEqual([{ event: null, data: "tidé" }]);
  });

  it("throws SseSyntaxError for a body with text but not one event", async () => {
    await expect(parse(["<html>not a stream</html>\n"])).rejects.toBeInstanceOf(SseSyntaxError);
  });

  it("reads an empty body as no events", async () => {
    expect(await parse([])).toEqual([]);
  });

  it("gives the same events however a recorded-shape body is chunked", async () => {
    const body = new TextEncoder().encode(fixture("thinking-parallel-tool-use.sse"));
    const whole = await parse([body]);
    expect(whole.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 40 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), body.length];
          const chunks = points.slice(1).map((end, i) => body.slice(points[i], end));
          expect(await parse(chunks)).toEqual(whole);
        },
      ),
      { numRuns: 60 },
    );
  });
});
