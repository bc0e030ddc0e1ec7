import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_CACHE_BREAKPOINTS,
  withCacheBreakpoints,
} from "../../../src/model/anthropic/cache-breakpoints.js";
import type { ModelRequest } from "../../../src/model/provider.js";
import type { ApiMessageParam, ToolDefinition } from "../../../src/protocol/api.js";
import { modelRequest } from "./helpers.js";

const ephemeral = { type: "ephemeral" } as const;

function tool(name: string, cached = false): ToolDefinition {
  return {
    name,
    description: name,
    input_schema: { type: "object" },
    ...(cached ? { cache_control: ephemeral } : {}),
  };
}

/** Every breakpoint in a request, by where it sits. */
function breakpoints(request: ModelRequest): string[] {
  const found: string[] = [];
  request.tools?.forEach((t, i) => {
    if (t.cache_control) found.push(`tool ${i}`);
  });
  if (Array.isArray(request.system)) {
    request.system.forEach((b, i) => {
      if (b.cache_control) found.push(`system ${i}`);
    });
  }
  request.messages.forEach((m, i) => {
    if (typeof m.content === "string") return;
    m.content.forEach((b, j) => {
      if ("cache_control" in b && b.cache_control) found.push(`message ${i} block ${j}`);
    });
  });
  return found;
}

const conversation: ApiMessageParam[] = [
  { role: "user", content: "Read a.txt" },
  {
    role: "assistant",
    content: [
      { type: "thinking", thinking: "ok", signature: "sig" },
      { type: "tool_use", id: "t1", name: "read_file", input: { path: "a.txt" } },
    ],
  },
  {
    role: "user",
    content: [
      { type: "tool_result", tool_use_id: "t1", content: "hello" },
      { type: "text", text: "" },
    ],
  },
];

describe("prompt-cache breakpoints", () => {
  it("turns a string system prompt into one cached text block", () => {
    const result = withCacheBreakpoints(modelRequest({ system: "You are keel." }));
    expect(result.system).toEqual([
      { type: "text", text: "You are keel.", cache_control: ephemeral },
    ]);
  });

  it("marks only the last block of a block system prompt", () => {
    const result = withCacheBreakpoints(
      modelRequest({
        system: [
          { type: "text", text: "prefix" },
          { type: "text", text: "rest" },
        ],
      }),
    );
    expect(result.system).toEqual([
      { type: "text", text: "prefix" },
      { type: "text", text: "rest", cache_control: ephemeral },
    ]);
  });

  it("puts exactly one message breakpoint on the last cacheable block of the last message", () => {
    const result = withCacheBreakpoints(modelRequest({ messages: conversation }));
    // The empty text block cannot carry one, so the tool_result does.
    expect(breakpoints(result)).toEqual(["message 2 block 0"]);
  });

  it("never marks thinking or redacted_thinking blocks", () => {
    const result = withCacheBreakpoints(
      modelRequest({
        messages: [
          { role: "user", content: "hi" },
          {
            role: "assistant",
            content: [
              { type: "text", text: "answer" },
              { type: "redacted_thinking", data: "xyz" },
              { type: "thinking", thinking: "t", signature: "s" },
            ],
          },
        ],
      }),
    );
    expect(breakpoints(result)).toEqual(["message 1 block 0"]);
  });

  it("moves breakpoints left on earlier messages to the last message", () => {
    const result = withCacheBreakpoints(
      modelRequest({
        messages: [
          { role: "user", content: [{ type: "text", text: "old", cache_control: ephemeral }] },
          { role: "assistant", content: "reply" },
          { role: "user", content: "new" },
        ],
      }),
    );
    expect(breakpoints(result)).toEqual(["message 2 block 0"]);
  });

  it("does not duplicate breakpoints when applied twice, and keeps an existing ttl", () => {
    const once = withCacheBreakpoints(
      modelRequest({
        system: "sys",
        messages: [
          {
            role: "user",
            content: [{ type: "text", text: "q", cache_control: { type: "ephemeral", ttl: "1h" } }],
          },
        ],
      }),
    );
    const twice = withCacheBreakpoints(once);
    expect(twice).toEqual(once);
    expect(breakpoints(twice)).toEqual(["system 0", "message 0 block 0"]);
    expect(twice.messages[0]?.content).toEqual([
      { type: "text", text: "q", cache_control: { type: "ephemeral", ttl: "1h" } },
    ]);
  });

  it("never exceeds four breakpoints, dropping the earliest tool ones first", () => {
    const result = withCacheBreakpoints(
      modelRequest({
        tools: [tool("a", true), tool("b", true), tool("c", true)],
        system: "sys",
      }),
    );
    expect(breakpoints(result)).toEqual(["tool 1", "tool 2", "system 0", "message 0 block 0"]);
  });

  it("does not change its input", () => {
    const request = modelRequest({
      system: "sys",
      tools: [tool("a", true)],
      messages: conversation,
    });
    const before = structuredClone(request);
    withCacheBreakpoints(request);
    expect(request).toEqual(before);
  });

  it("holds its rules for any mix of tools, system blocks and messages", () => {
    const text = fc.record({
      type: fc.constant("text" as const),
      text: fc.string({ maxLength: 3 }),
      cache_control: fc.option(fc.constant(ephemeral), { nil: undefined }),
    });
    const thinking = fc.record({
      type: fc.constant("thinking" as const),
      thinking: fc.string(),
      signature: fc.string(),
    });
    const message = fc.oneof(
      fc.record({ role: fc.constant("user" as const), content: fc.array(text, { maxLength: 3 }) }),
      fc.record({
        role: fc.constant("assistant" as const),
        content: fc.array(fc.oneof(text, thinking), { maxLength: 3 }),
      }),
      fc.record({ role: fc.constant("user" as const), content: fc.string({ maxLength: 3 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { maxLength: 5 }),
        fc.option(fc.array(text, { maxLength: 4 }), { nil: undefined }),
        fc.array(message, { minLength: 1, maxLength: 4 }),
        (toolFlags, system, messages) => {
          const request = modelRequest({
            tools: toolFlags.map((cached, i) => tool(`t${i}`, cached)),
            ...(system ? { system } : {}),
            messages,
          });
          const result = withCacheBreakpoints(request);
          const found = breakpoints(result);
          expect(found.length).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
          const inMessages = found.filter((b) => b.startsWith("message"));
          const last = result.messages.length - 1;
          expect(inMessages.every((b) => b.startsWith(`message ${last} `))).toBe(true);
          const content = messages[last]?.content ?? [];
          const cacheable =
            typeof content === "string"
              ? content !== ""
              : content.some((b) => b.type === "text" && b.text !== "");
          expect(inMessages.length).toBe(cacheable ? 1 : 0);
          expect(withCacheBreakpoints(result)).toEqual(result);
        },
      ),
      { numRuns: 200 },
    );
  });
});
