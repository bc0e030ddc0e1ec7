import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { EventStreamMarshaller, type Message } from "@smithy/core/event-streams";
import { fromUtf8, toUtf8 } from "@smithy/util-utf8";
import { describe, expect, it } from "vitest";
import { assembleStream } from "../../../src/model/assemble.js";
import { crc32 } from "../../../src/model/scripted/event-stream.js";
import type { ScriptedServer } from "../../../src/model/scripted/server.js";
import type { StreamEvent } from "../../../src/protocol/events.js";
import {
  drain,
  HELLO,
  parseSse,
  post,
  rejection,
  responseOf,
  scenarioOf,
  serve,
} from "./helpers.js";

const MODEL_ID = "anthropic.claude-sonnet-5-v1:0";
const STREAM_PATH = `/model/${encodeURIComponent(MODEL_ID)}/invoke-with-response-stream`;

/** A Bedrock InvokeModel body: the Messages request without model and stream. */
const BEDROCK_BODY = { anthropic_version: "bedrock-2023-05-31", max_tokens: 1024, messages: HELLO };

const TURN = {
  content: [
    { type: "thinking", thinking: "A search will tell." },
    { type: "server_tool_use", name: "web_search", input: { query: "tides" } },
    { type: "web_search_tool_result", content: [{ title: "Tides", url: "https://t.example" }] },
    { type: "text", text: "High tide is at noon." },
    { type: "tool_use", name: "Read", input: { file_path: "notes.txt" } },
  ],
};

function invoke(server: ScriptedServer, path: string, body: unknown, headers = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** One decoded message: its event-stream headers, and a chunk's Anthropic event. */
interface Decoded {
  headers: Record<string, unknown>;
  event: StreamEvent;
}

/**
 * Decodes a response body with the AWS SDK's own event-stream unmarshaller, the way the Bedrock
 * runtime client reads InvokeModelWithResponseStream: a `chunk` event's payload is
 * `{"bytes": <base64>}`; an exception message is thrown as an error named for its type.
 */
async function decode(response: Response): Promise<Decoded[]> {
  const marshaller = new EventStreamMarshaller({ utf8Encoder: toUtf8, utf8Decoder: fromUtf8 });
  // The Node client hands the unmarshaller the HTTP response as a Readable, as here.
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const stream = marshaller.deserialize(body, async (message: Record<string, Message>) => {
    const chunk = message.chunk;
    if (!chunk) return { $unknown: message };
    const payload = JSON.parse(toUtf8(chunk.body)) as { bytes: string };
    const headers = Object.fromEntries(
      Object.entries(chunk.headers).map(([name, header]) => [name, header.value]),
    );
    const event = JSON.parse(Buffer.from(payload.bytes, "base64").toString("utf8"));
    return { headers, event };
  });
  const out: Decoded[] = [];
  for await (const decoded of stream as AsyncIterable<Decoded>) out.push(decoded);
  return out;
}

async function* events(decoded: Decoded[]): AsyncGenerator<StreamEvent> {
  for (const { event } of decoded) yield event;
}

describe("Bedrock's binary event stream, stood in for", () => {
  it("carries the Messages API's events, each in a chunk the SDK's decoder reads", async () => {
    const server = await serve(scenarioOf({ turns: [TURN] }));
    const response = await invoke(server, STREAM_PATH, BEDROCK_BODY);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.amazon.eventstream");
    expect(response.headers.get("x-amzn-requestid")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    const decoded = await decode(response);
    for (const { headers } of decoded) {
      expect(headers).toEqual({
        ":event-type": "chunk",
        ":content-type": "application/json",
        ":message-type": "event",
      });
    }

    const sse = await serve(scenarioOf({ turns: [TURN] }));
    const text = await (
      await post(sse, {
        ...BEDROCK_BODY,
        anthropic_version: undefined,
        model: MODEL_ID,
        stream: true,
      })
    ).text();
    const sseEvents = parseSse(text).map(({ data }) => data);
    expect(decoded.map((d) => d.event)).toEqual(sseEvents);
    expect(server.violations).toEqual([]);
  });

  it("assembles into the same response keel reads from the SSE stream", async () => {
    const server = await serve(scenarioOf({ turns: [TURN] }));
    const decoded = await decode(await invoke(server, STREAM_PATH, BEDROCK_BODY));
    const response = responseOf(await drain(assembleStream(events(decoded))));
    const turn = scenarioOf({ turns: [TURN] }).turns[0]!;
    expect(response.content).toEqual(turn.content);
    expect(response.model).toBe(MODEL_ID);
    expect(response.stopReason).toBe("tool_use");
  });

  it("answers InvokeModel (no stream) with the message JSON", async () => {
    const server = await serve(scenarioOf({ turns: [{ content: "Hello from Bedrock." }] }));
    const response = await invoke(server, `/model/${MODEL_ID}/invoke`, BEDROCK_BODY);
    expect(response.status).toBe(200);
    const message = (await response.json()) as { content: unknown; model: string };
    expect(message.content).toEqual([{ type: "text", text: "Hello from Bedrock." }]);
    expect(message.model).toBe(MODEL_ID);
  });

  it("refuses what Bedrock refuses: no anthropic_version, a model or stream key", async () => {
    const server = await serve(scenarioOf({ turns: [{ content: "unused" }] }));
    const { anthropic_version: _v, ...noVersion } = BEDROCK_BODY;
    const missing = await invoke(server, STREAM_PATH, noVersion);
    expect(missing.status).toBe(400);
    expect(missing.headers.get("x-amzn-errortype")).toMatch(/^ValidationException:/);
    expect(await missing.json()).toEqual({
      message:
        "Malformed input request: #: required key [anthropic_version] not found, please reformat your input and try again.",
    });
    const extra = await invoke(server, STREAM_PATH, { ...BEDROCK_BODY, model: MODEL_ID });
    expect(((await extra.json()) as { message: string }).message).toContain(
      "extraneous key [model] is not permitted",
    );
    expect(server.violations.map((v) => v.rule)).toEqual(["bedrock", "bedrock"]);
  });

  it("refuses an anthropic_version other than Bedrock's own", async () => {
    const server = await serve(scenarioOf({ turns: [{ content: "unused" }] }));
    const wrong = { ...BEDROCK_BODY, anthropic_version: "2023-06-01" };
    const response = await invoke(server, STREAM_PATH, wrong);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(
      "anthropic_version: 2023-06-01 is not supported",
    );
    expect(server.violations.map((v) => v.rule)).toEqual(["bedrock"]);
  });

  it("keeps the validator's rules, answering in Bedrock's error shape", async () => {
    const server = await serve(scenarioOf({ turns: [{ content: "unused" }] }));
    const bad = { ...BEDROCK_BODY, messages: [{ role: "assistant", content: "Hi" }] };
    const response = await invoke(server, STREAM_PATH, bad);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'messages: first message must use the "user" role',
    });
    expect(server.violations.map((v) => v.rule)).toEqual(["roles"]);
  });

  it("sends an HTTP fault as Bedrock's error, with its type in x-amzn-errortype", async () => {
    const server = await serve(
      scenarioOf({
        turns: [{ content: "After the throttle.", faults: [{ type: "http_error", status: 429 }] }],
      }),
    );
    const throttled = await invoke(server, STREAM_PATH, BEDROCK_BODY);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("x-amzn-errortype")).toBe(
      "ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/",
    );
    expect(throttled.headers.get("x-should-retry")).toBeNull();
    expect(Object.keys((await throttled.json()) as object)).toEqual(["message"]);
    const decoded = await decode(await invoke(server, STREAM_PATH, BEDROCK_BODY));
    expect(decoded.at(-1)?.event).toEqual({ type: "message_stop" });
  });

  it("sends a mid-stream error event as an exception message, which the SDK's decoder throws", async () => {
    const server = await serve(
      scenarioOf({
        turns: [{ content: "Cut short.", faults: [{ type: "error_event", afterBlocks: 1 }] }],
      }),
    );
    const error = await rejection(decode(await invoke(server, STREAM_PATH, BEDROCK_BODY)));
    expect(error).toMatchObject({ name: "serviceUnavailableException" });
    expect(JSON.parse((error as Error).message)).toEqual({ message: "Overloaded" });
  });

  it("sends a malformed fault as a frame whose checksum is wrong, which the decoder refuses", async () => {
    const server = await serve(
      scenarioOf({ turns: [{ content: "Garbled.", faults: [{ type: "malformed" }] }] }),
    );
    const error = await rejection(decode(await invoke(server, STREAM_PATH, BEDROCK_BODY)));
    expect((error as Error).message).toMatch(/checksum/i);
  });

  it("routes by x-keel-agent on Bedrock's paths too", async () => {
    const server = await serve(
      scenarioOf({
        turns: [{ content: "Main." }],
        agents: { reviewer: { turns: [{ content: "Reviewer." }] } },
      }),
    );
    const path = `/model/${MODEL_ID}/invoke`;
    const reviewer = await invoke(server, path, BEDROCK_BODY, { "x-keel-agent": "reviewer" });
    expect(((await reviewer.json()) as { content: Array<{ text: string }> }).content[0]?.text).toBe(
      "Reviewer.",
    );
  });

  it("computes the framing's CRC32 (IEEE) on the standard check value", () => {
    expect(crc32(Buffer.from("123456789", "ascii"))).toBe(0xcbf43926);
  });
});
