import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { describe, expect, it } from "vitest";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { loadScenario } from "../../../src/model/scripted/scenario.js";
import type { AssistantContentBlock } from "../../../src/protocol/content.js";
import { drain, fixture, HELLO, modelRequest, responseOf, sdkClient, serve } from "./helpers.js";

/** The blocks as the API defines them (the SDK adds fields of its own to some). */
function plain(blocks: readonly unknown[]): AssistantContentBlock[] {
  return blocks.map((block): AssistantContentBlock => {
    const b = block as AssistantContentBlock;
    if (b.type === "text") return { type: "text", text: b.text };
    if (b.type === "thinking")
      return { type: "thinking", thinking: b.thinking, signature: b.signature };
    if (b.type === "redacted_thinking") return { type: "redacted_thinking", data: b.data };
    if (b.type !== "tool_use") throw new Error(`this scenario has no ${b.type} block`);
    return { type: "tool_use", id: b.id, name: b.name, input: b.input };
  });
}

/** The history after turn 1: its blocks, then the tool's result. */
function afterFirstTurn(first: AssistantContentBlock[]): MessageParam[] {
  const toolUse = first.find((block) => block.type === "tool_use");
  if (toolUse?.type !== "tool_use") throw new Error("turn 1 has no tool_use");
  return [
    ...HELLO,
    { role: "assistant", content: first },
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: toolUse.id, content: "README.md\npackage.json\nsrc" },
      ],
    },
  ];
}

describe("scripted server with the official Anthropic SDK", () => {
  it("streams thinking, text and tool_use blocks the SDK assembles exactly as scripted", async () => {
    const scenario = await loadScenario(fixture("all-blocks.json"));
    const server = await serve(scenario);
    const message = await sdkClient(server)
      .messages.stream({ model: "claude-sonnet-5", max_tokens: 2048, messages: HELLO })
      .finalMessage();
    expect(plain(message.content)).toEqual(scenario.turns[0]!.content);
    expect(message.content.map((b) => b.type)).toEqual(["thinking", "text", "tool_use"]);
    const thinking = message.content[0]!;
    expect(thinking.type === "thinking" && thinking.signature.length).toBeGreaterThan(100);
    const toolUse = message.content[2]!;
    expect(toolUse.type === "tool_use" && toolUse.id).toMatch(/^toolu_01[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(message.stop_reason).toBe("tool_use");
    expect(message.model).toBe("claude-sonnet-5");
    expect(message.usage.output_tokens).toBeGreaterThan(1);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
  });

  it("answers stream:false with the same blocks, stop_reason and usage as the stream", async () => {
    const scenario = await loadScenario(fixture("all-blocks.json"));
    const server = await serve(scenario);
    const client = sdkClient(server);
    const params = { model: "claude-sonnet-5", max_tokens: 2048, messages: HELLO };
    const streamed = await client.messages.stream(params).finalMessage();
    const created = await client.messages.create({ ...params, stream: false });
    expect(plain(created.content)).toEqual(plain(streamed.content));
    expect(created.stop_reason).toBe(streamed.stop_reason);
    expect(created.usage).toMatchObject({
      input_tokens: streamed.usage.input_tokens,
      output_tokens: streamed.usage.output_tokens,
    });
  });

  it("serves redacted_thinking whole, end_turn by default, and the turn's own usage", async () => {
    const scenario = await loadScenario(fixture("all-blocks.json"));
    const server = await serve(scenario);
    const message = await sdkClient(server)
      .messages.stream({
        model: "claude-sonnet-5",
        max_tokens: 2048,
        messages: afterFirstTurn(scenario.turns[0]!.content),
      })
      .finalMessage();
    expect(plain(message.content)).toEqual(scenario.turns[1]!.content);
    expect(message.stop_reason).toBe("end_turn");
    expect(server.violations).toEqual([]);
    expect(server.requests.map((r) => r.turn)).toEqual([2]);
    expect(message.usage).toMatchObject({
      input_tokens: 1200,
      output_tokens: 40,
      cache_read_input_tokens: 900,
      cache_creation_input_tokens: 0,
    });
  });

  it("gives the in-process provider the same blocks, stop reason and usage as the server", async () => {
    const scenario = await loadScenario(fixture("all-blocks.json"));
    const server = await serve(scenario);
    const viaHttp = await sdkClient(server)
      .messages.stream({ model: "claude-sonnet-5", max_tokens: 2048, messages: HELLO })
      .finalMessage();
    const provider = createScriptedProvider(scenario);
    const events = await drain(provider.stream(modelRequest(), new AbortController().signal));
    const response = responseOf(events);
    expect(response.content).toEqual(plain(viaHttp.content));
    expect(response.stopReason).toBe(viaHttp.stop_reason);
    expect(response.usage).toEqual({
      input_tokens: viaHttp.usage.input_tokens,
      output_tokens: viaHttp.usage.output_tokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
    const blocks = events
      .filter((e) => e.type === "block")
      .map((e) => e.type === "block" && e.block);
    expect(blocks).toEqual(response.content);
  });
});
