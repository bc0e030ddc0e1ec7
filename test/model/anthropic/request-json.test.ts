import { describe, expect, it } from "vitest";
import type { MessagesRequestBody } from "../../../src/model/anthropic/request-body.js";
import { createRequestEncoder } from "../../../src/model/anthropic/request-json.js";
import type { ToolDefinition } from "../../../src/protocol/api.js";

function tool(name: string): ToolDefinition {
  return {
    name,
    description: `Does "${name}" things\nover two lines`,
    input_schema: { type: "object", properties: { path: { type: "string" } } },
  };
}

/** A tool whose description counts how often it is read (encoding reads it). */
function countingTool(name: string): { tool: ToolDefinition; reads: () => number } {
  let reads = 0;
  const base = tool(name);
  const counted = {
    ...base,
    get description() {
      reads += 1;
      return base.description;
    },
  };
  return { tool: counted as ToolDefinition, reads: () => reads };
}

function body(fields: Partial<MessagesRequestBody> = {}): MessagesRequestBody {
  return {
    model: "claude-keel-test",
    max_tokens: 1024,
    messages: [{ role: "user", content: 'Ünïcode \u2028 and "quotes"' }],
    stream: true,
    ...fields,
  };
}

describe("createRequestEncoder", () => {
  it("writes exactly what JSON.stringify writes, with and without tools and optional fields", () => {
    const encode = createRequestEncoder();
    const bodies = [
      body(),
      body({ tools: [tool("a"), tool("b")], system: [{ type: "text", text: "sys" }] }),
      body({ tools: [], temperature: 0.5, stop_sequences: ["###"] }),
      body({ thinking: { type: "enabled", budget_tokens: 2048 }, tools: [tool("c")] }),
    ];
    for (const b of bodies) expect(encode(b)).toBe(JSON.stringify(b));
  });

  it("encodes the tools once while the definitions are the same objects", () => {
    const encode = createRequestEncoder();
    const counted = countingTool("read");
    const other = tool("write");
    const first = body({ tools: [counted.tool, other] });
    expect(encode(first)).toBe(JSON.stringify(first));
    const readsAfterFirst = counted.reads();
    // A new list of the same definitions, as each request builds it.
    const second = body({
      tools: [counted.tool, other],
      messages: [{ role: "user", content: "2" }],
    });
    expect(encode(second)).toBe(JSON.stringify(second));
    expect(counted.reads()).toBe(readsAfterFirst + 1); // only JSON.stringify(second) above read it
  });

  it("encodes the tools again when a definition changes or the list does", () => {
    const encode = createRequestEncoder();
    const a = tool("a");
    const b = tool("b");
    encode(body({ tools: [a, b] }));
    for (const tools of [[a], [a, tool("b")], [b, a], [a, b, tool("c")]]) {
      const next = body({ tools });
      expect(encode(next)).toBe(JSON.stringify(next));
    }
  });
});
