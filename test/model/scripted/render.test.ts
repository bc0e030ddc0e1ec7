import { describe, expect, it } from "vitest";
import { chunkJson, firstHalf } from "../../../src/model/scripted/chunking.js";
import { renderEvents, renderMessage } from "../../../src/model/scripted/render.js";
import type { StreamEvent } from "../../../src/protocol/events.js";
import { scenarioOf } from "./helpers.js";

const CONTEXT = { messageId: "msg_01test", model: "claude-sonnet-5", inputTokens: 321 };

const TEXT =
  "The scripted model replays a scenario, so every run of an agent sees the same answers in the same order.";

function responseWith(content: unknown[], extra: Record<string, unknown> = {}) {
  return scenarioOf({ turns: [{ content, ...extra }] }).turns[0]!;
}

function deltasOf(events: StreamEvent[], index: number) {
  return events.flatMap((e) =>
    e.type === "content_block_delta" && e.index === index ? [e.delta] : [],
  );
}

describe("rendering a scripted response as Messages API events", () => {
  it("follows the API's event order, with a ping right after the first block starts", () => {
    const events = renderEvents(responseWith([{ type: "text", text: TEXT }]), CONTEXT);
    const names = events.map((e) => e.type);
    expect(names.slice(0, 3)).toEqual(["message_start", "content_block_start", "ping"]);
    expect(names.slice(-3)).toEqual(["content_block_stop", "message_delta", "message_stop"]);
    expect(names.filter((n) => n === "ping")).toHaveLength(1);
  });

  it("puts the ping after message_start when there are no blocks", () => {
    const events = renderEvents(responseWith([]), CONTEXT);
    expect(events.map((e) => e.type)).toEqual([
      "message_start",
      "ping",
      "message_delta",
      "message_stop",
    ]);
  });

  it("streams text a few words at a time, the pieces adding up to the text", () => {
    const deltas = deltasOf(renderEvents(responseWith([{ type: "text", text: TEXT }]), CONTEXT), 0);
    const pieces = deltas.map((d) => (d.type === "text_delta" ? d.text : ""));
    expect(pieces.join("")).toBe(TEXT);
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces[0]).toBe("The");
    expect(pieces.every((p) => p.trim().split(/\s+/).length <= 5)).toBe(true);
  });

  it("streams tool input as input_json_delta, starting with an empty chunk and split mid-token", () => {
    const input = { file_path: "/work/src/model/scripted/render.ts", limit: 200, offset: 10 };
    const events = renderEvents(responseWith([{ type: "tool_use", name: "Read", input }]), CONTEXT);
    const start = events.find((e) => e.type === "content_block_start");
    expect(start).toMatchObject({ content_block: { type: "tool_use", name: "Read", input: {} } });
    const chunks = deltasOf(events, 0).map((d) =>
      d.type === "input_json_delta" ? d.partial_json : "?",
    );
    expect(chunks[0]).toBe("");
    expect(JSON.parse(chunks.join(""))).toEqual(input);
    const completeTokens = chunks.slice(1).filter((c) => {
      try {
        JSON.parse(c);
        return true;
      } catch {
        return false;
      }
    });
    expect(completeTokens.length).toBeLessThan(chunks.length - 1);
  });

  it("streams thinking deltas, then one signature_delta right before the block stops", () => {
    const events = renderEvents(
      responseWith([{ type: "thinking", thinking: TEXT, signature: "c2ln" }]),
      CONTEXT,
    );
    const blockEvents = events.filter((e) => "index" in e && e.index === 0).map((e) => e.type);
    expect(blockEvents.at(-1)).toBe("content_block_stop");
    const deltas = deltasOf(events, 0);
    expect(deltas.at(-1)).toEqual({ type: "signature_delta", signature: "c2ln" });
    expect(deltas.filter((d) => d.type === "signature_delta")).toHaveLength(1);
    expect(deltas.slice(0, -1).every((d) => d.type === "thinking_delta")).toBe(true);
  });

  it("delivers redacted_thinking whole in content_block_start, with no deltas", () => {
    const events = renderEvents(
      responseWith([{ type: "redacted_thinking", data: "ErYECkYIARgC" }]),
      CONTEXT,
    );
    expect(events.find((e) => e.type === "content_block_start")).toMatchObject({
      content_block: { type: "redacted_thinking", data: "ErYECkYIARgC" },
    });
    expect(deltasOf(events, 0)).toEqual([]);
  });

  it("reports cumulative usage in message_delta, matching the non-streaming message", () => {
    const response = responseWith([{ type: "text", text: TEXT }]);
    const events = renderEvents(response, CONTEXT);
    const start = events[0];
    expect(start?.type === "message_start" && start.message.usage.output_tokens).toBe(1);
    const delta = events.find((e) => e.type === "message_delta");
    const message = renderMessage(response, CONTEXT);
    expect(delta?.type === "message_delta" && delta.usage).toEqual(message.usage);
    expect(message.usage.input_tokens).toBe(321);
    expect(message.usage.output_tokens).toBe(Math.ceil(TEXT.length / 4));
  });

  it("uses the turn's own usage numbers over the estimates", () => {
    const response = responseWith([{ type: "text", text: TEXT }], {
      usage: { output_tokens: 7, cache_creation_input_tokens: 50 },
    });
    expect(renderMessage(response, CONTEXT).usage).toEqual({
      input_tokens: 321,
      output_tokens: 7,
      cache_creation_input_tokens: 50,
      cache_read_input_tokens: 0,
    });
  });

  it("renders the same response identically every time", () => {
    const response = responseWith([
      { type: "thinking", thinking: TEXT },
      { type: "tool_use", name: "Bash", input: { command: "npm test" } },
    ]);
    expect(renderEvents(response, CONTEXT)).toEqual(renderEvents(response, CONTEXT));
  });
});

describe("chunking", () => {
  it("never splits an emoji across input_json_delta pieces or at a cut", () => {
    const input = { note: "🚀".repeat(40), path: "日本語/ファイル.txt" };
    for (const piece of chunkJson(JSON.stringify(input))) {
      expect(piece).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
    const half = firstHalf("🚀🚀🚀");
    expect(half).not.toMatch(/[\ud800-\udbff]$/);
    expect("🚀🚀🚀".startsWith(half) && half.length > 0).toBe(true);
  });
});
