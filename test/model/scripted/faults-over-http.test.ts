import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import {
  body,
  HELLO,
  parseSse,
  post,
  rejection,
  scenarioOf,
  sdkClient,
  serve,
  until,
} from "./helpers.js";

const PARAMS = { model: "claude-sonnet-5", max_tokens: 1024, messages: HELLO };

const TEXT_AND_TOOL = [
  { type: "text", text: "I will read the README to see what this project is about." },
  { type: "tool_use", name: "Read", input: { file_path: "/work/README.md" } },
];

describe("scripted faults seen through the official SDK", () => {
  it("answers http_error with the status and a real error body, `times` times, then serves the turn", async () => {
    const server = await serve(
      scenarioOf({
        turns: [{ content: "Served.", faults: [{ type: "http_error", status: 529, times: 2 }] }],
      }),
    );
    const client = sdkClient(server);
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await rejection(client.messages.create(PARAMS));
      expect(error).toBeInstanceOf(Anthropic.APIError);
      const apiError = error as InstanceType<typeof Anthropic.APIError>;
      expect(apiError.status).toBe(529);
      expect(apiError.error).toMatchObject({
        type: "error",
        error: { type: "overloaded_error", message: "Overloaded" },
      });
      expect(apiError.headers?.get("x-should-retry")).toBe("true");
      expect(apiError.requestID).toMatch(/^req_01/);
    }
    const message = await client.messages.create(PARAMS);
    expect(message.content).toEqual([{ type: "text", text: "Served." }]);
    expect(server.requests.map((r) => r.fault)).toEqual(["http_error", "http_error", undefined]);
  });

  it("sends the scenario's own error body and headers (retry-after) when it gives them", async () => {
    const errorBody = { type: "error", error: { type: "rate_limit_error", message: "slow down" } };
    const server = await serve(
      scenarioOf({
        turns: [
          {
            content: "ok",
            faults: [
              { type: "http_error", status: 429, body: errorBody, headers: { "Retry-After": "7" } },
            ],
          },
        ],
      }),
    );
    const error = (await rejection(sdkClient(server).messages.create(PARAMS))) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(error.status).toBe(429);
    expect(error.error).toEqual(errorBody);
    expect(error.headers?.get("retry-after")).toBe("7");
  });

  it("sends an error event before any block when afterBlocks is 0", async () => {
    const server = await serve(
      scenarioOf({ turns: [{ content: TEXT_AND_TOOL, faults: [{ type: "error_event" }] }] }),
    );
    const stream = sdkClient(server).messages.stream(PARAMS);
    const completed: string[] = [];
    stream.on("contentBlock", (block) => completed.push(block.type));
    const error = (await rejection(stream.finalMessage())) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.error).toMatchObject({ error: { type: "overloaded_error" } });
    expect(completed).toEqual([]);
  });

  it("sends an error event after one completed block, and then the stream ends", async () => {
    const server = await serve(
      scenarioOf({
        turns: [
          {
            content: TEXT_AND_TOOL,
            faults: [
              {
                type: "error_event",
                afterBlocks: 1,
                error: { type: "api_error", message: "Internal server error" },
              },
            ],
          },
        ],
      }),
    );
    const stream = sdkClient(server).messages.stream(PARAMS);
    const completed: string[] = [];
    stream.on("contentBlock", (block) => completed.push(block.type));
    const error = (await rejection(stream.finalMessage())) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(error.error).toMatchObject({
      error: { type: "api_error", message: "Internal server error" },
    });
    expect(completed).toEqual(["text"]);
    const served = parseSse(await (await post(server, body({ stream: true }))).text());
    expect(served.at(-1)?.event).toBe("message_stop");
  });

  it("ends an error_event stream right after the error: no message_delta, no message_stop", async () => {
    const server = await serve(
      scenarioOf({
        turns: [{ content: TEXT_AND_TOOL, faults: [{ type: "error_event", afterBlocks: 1 }] }],
      }),
    );
    const raw = parseSse(await (await post(server, body({ stream: true }))).text());
    const names = raw.map((e) => e.event);
    expect(names.at(-1)).toBe("error");
    expect(names.filter((n) => n === "content_block_stop")).toHaveLength(1);
    expect(names).not.toContain("message_delta");
    expect(raw.at(-1)?.data).toMatchObject({
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
    });
  });

  it("drops the connection halfway through a block's deltas on disconnect with midBlock", async () => {
    const server = await serve(
      scenarioOf({
        turns: [
          {
            content: TEXT_AND_TOOL,
            faults: [{ type: "disconnect", afterBlocks: 1, midBlock: true }],
          },
        ],
      }),
    );
    const stream = sdkClient(server).messages.stream(PARAMS);
    const completed: string[] = [];
    let partialJson = "";
    stream.on("contentBlock", (block) => completed.push(block.type));
    stream.on("inputJson", (delta) => {
      partialJson += delta;
    });
    const error = await rejection(stream.finalMessage());
    expect(error).toBeInstanceOf(Anthropic.AnthropicError);
    expect(error).not.toBeInstanceOf(Anthropic.APIError);
    expect(completed).toEqual(["text"]);
    expect(partialJson.length).toBeGreaterThan(0);
    expect(JSON.stringify({ file_path: "/work/README.md" }).startsWith(partialJson)).toBe(true);
    expect(partialJson.length).toBeLessThan(
      JSON.stringify({ file_path: "/work/README.md" }).length,
    );
    const next = await sdkClient(server).messages.stream(PARAMS).finalMessage();
    expect(next.content.map((b) => b.type)).toEqual(["text", "tool_use"]);
  });

  it("cuts a response at max_tokens: the tool_use halfway, with no content_block_stop", async () => {
    const server = await serve(
      scenarioOf({
        turns: [{ content: TEXT_AND_TOOL, faults: [{ type: "max_tokens", afterBlocks: 1 }] }],
      }),
    );
    const raw = parseSse(await (await post(server, body({ stream: true }))).text());
    const stops = raw.filter((e) => e.event === "content_block_stop").map((e) => e.data.index);
    expect(stops).toEqual([0]);
    expect(raw.some((e) => e.event === "content_block_start" && e.data.index === 1)).toBe(true);
    const delta = raw.find((e) => e.event === "message_delta");
    expect(delta?.data.delta).toEqual({ stop_reason: "max_tokens", stop_sequence: null });
    expect(raw.at(-1)?.event).toBe("message_stop");
    const json = raw
      .filter((e) => e.event === "content_block_delta" && e.data.index === 1)
      .map((e) => (e.data.delta as { partial_json: string }).partial_json)
      .join("");
    expect(() => JSON.parse(json)).toThrow();
  });

  it("cuts a text block halfway at max_tokens and closes it, through the SDK", async () => {
    const text = "One two three four five six seven eight nine ten eleven twelve.";
    const server = await serve(
      scenarioOf({ turns: [{ content: text, faults: [{ type: "max_tokens", afterBlocks: 0 }] }] }),
    );
    const message = await sdkClient(server).messages.stream(PARAMS).finalMessage();
    expect(message.stop_reason).toBe("max_tokens");
    const block = message.content[0];
    expect(block?.type).toBe("text");
    const cut = block?.type === "text" ? block.text : "";
    expect(text.startsWith(cut) && cut.length > 0 && cut.length < text.length).toBe(true);
    const full = await sdkClient(server).messages.create(PARAMS);
    expect(full.stop_reason).toBe("end_turn");
  });

  it("stalls before the first byte until the client aborts, then serves the retry", async () => {
    const server = await serve(
      scenarioOf({
        turns: [{ content: "After the stall.", faults: [{ type: "stall", ms: 600_000 }] }],
      }),
    );
    const client = sdkClient(server);
    const controller = new AbortController();
    const pending = rejection(client.messages.create(PARAMS, { signal: controller.signal }));
    await until(() => server.requests.length === 1);
    controller.abort();
    expect(await pending).toBeInstanceOf(Anthropic.APIUserAbortError);
    const message = await client.messages.create(PARAMS);
    expect(message.content).toEqual([{ type: "text", text: "After the stall." }]);
    expect(server.requests.map((r) => r.fault)).toEqual(["stall", undefined]);
  });

  it("answers stream:false requests: an error_event fault as its HTTP status, max_tokens as a cut message", async () => {
    const server = await serve(
      scenarioOf({
        turns: [
          {
            content: TEXT_AND_TOOL,
            faults: [
              { type: "error_event", afterBlocks: 1 },
              { type: "max_tokens", afterBlocks: 1 },
            ],
          },
        ],
      }),
    );
    const client = sdkClient(server);
    const error = (await rejection(client.messages.create(PARAMS))) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(error.status).toBe(529);
    expect(error.error).toMatchObject({ error: { type: "overloaded_error" } });
    const cut = await client.messages.create(PARAMS);
    expect(cut.stop_reason).toBe("max_tokens");
    expect(cut.content).toEqual([TEXT_AND_TOOL[0]]);
    const served = await client.messages.create(PARAMS);
    expect(served.content.map((b) => b.type)).toEqual(["text", "tool_use"]);
  });

  it("drops the connection of a stream:false request on disconnect", async () => {
    const server = await serve(
      scenarioOf({ turns: [{ content: TEXT_AND_TOOL, faults: [{ type: "disconnect" }] }] }),
    );
    const error = await rejection(sdkClient(server).messages.create(PARAMS));
    expect(error).toBeInstanceOf(Anthropic.APIConnectionError);
  });
});
