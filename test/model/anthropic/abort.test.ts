import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ModelEvent } from "../../../src/model/provider.js";
import { type FixtureServer, startFixtureServer } from "../../helpers/fixture-server.js";
import { drain, fixture, modelRequest, providerFor } from "./helpers.js";

let server: FixtureServer;
beforeEach(async () => {
  server = await startFixtureServer();
});
afterEach(async () => {
  await server.close();
});

/** Polls until `check` holds, for at most ~5 s (a bound, not a timing assertion). */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 250; i++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe("aborting a streaming request", () => {
  it("ends the stream with aborted and closes the response the server was holding open", async () => {
    const body = fixture("text-with-ping.sse");
    const firstEvents = body.slice(0, body.indexOf("event: content_block_delta"));
    server.enqueue({
      headers: { "content-type": "text/event-stream" },
      chunks: [{ data: firstEvents }],
      hang: true,
    });
    const controller = new AbortController();
    const seen: ModelEvent[] = [];
    const stream = providerFor(server).stream(modelRequest(), controller.signal);
    const watched = (async function* () {
      for await (const event of stream) {
        seen.push(event);
        if (event.type === "stream_event" && event.event.type === "content_block_start") {
          controller.abort();
        }
        yield event;
      }
    })();
    const { error } = await drain(watched);
    expect(error?.kind).toBe("aborted");
    expect(seen.map((e) => (e.type === "stream_event" ? e.event.type : e.type))).toEqual([
      "message_start",
      "content_block_start",
    ]);
    expect(await eventually(() => server.closedResponses === 1)).toBe(true);
  });

  it("stopping iteration early cancels the body and closes the response", async () => {
    const body = fixture("text-with-ping.sse");
    server.enqueue({
      headers: { "content-type": "text/event-stream" },
      chunks: [{ data: body.slice(0, body.indexOf("event: content_block_delta")) }],
      hang: true,
    });
    const stream = providerFor(server).stream(modelRequest(), new AbortController().signal);
    for await (const event of stream) {
      if (event.type === "stream_event" && event.event.type === "message_start") break;
    }
    expect(await eventually(() => server.closedResponses === 1)).toBe(true);
  });
});
