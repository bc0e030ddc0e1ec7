import { describe, expect, it } from "vitest";
import { validateRequest } from "../../../src/model/scripted/validator.js";

const SIGNATURE =
  "EqwCCkYIBBgCKkCpztqTYU1CY8tcbJEKwF+I924S/GwKJw0vo9L+aIW2kHiwIdNkYTeLAsYnD3V2wW+aTl4g";

/** A valid request with every feature the checks look at: a full tool round with thinking. */
function validRequest(): Record<string, unknown> {
  return {
    model: "claude-sonnet-5",
    max_tokens: 4096,
    thinking: { type: "enabled", budget_tokens: 2048 },
    system: [{ type: "text", text: "You are keel.", cache_control: { type: "ephemeral" } }],
    tools: [
      {
        name: "Read",
        description: "Read a file",
        input_schema: {
          type: "object",
          properties: { file_path: { type: "string" } },
          required: ["file_path"],
        },
      },
      { type: "web_search_20250305", name: "web_search", max_uses: 3 },
    ],
    messages: [
      { role: "user", content: "What does the README say?" },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "I should read it.", signature: SIGNATURE },
          { type: "text", text: "Reading it now." },
          { type: "tool_use", id: "toolu_01A", name: "Read", input: { file_path: "README.md" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_01A", content: "# keel" },
          { type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "It is titled keel." }] },
      { role: "user", content: "Thanks." },
    ],
  };
}

type Body = ReturnType<typeof validRequest>;
type Messages = Array<{ role: string; content: unknown }>;

/** A valid request changed by `edit`. */
function broken(edit: (body: Body, messages: Messages) => void): Body {
  const body = structuredClone(validRequest());
  edit(body, body.messages as Messages);
  return body;
}

function messages(body: Body) {
  return validateRequest(body).map((v) => v.message);
}

function rules(body: Body) {
  return validateRequest(body).map((v) => v.rule);
}

describe("request validator", () => {
  it("finds nothing wrong with a valid tool round with thinking, cache breakpoints and a server tool", () => {
    expect(validateRequest(validRequest())).toEqual([]);
  });

  it("reports a body that is not a Messages request, field by field", () => {
    expect(messages({ model: "m", max_tokens: 10 })).toEqual(["messages: Field required"]);
    const badRole = broken((_, m) => {
      m[0]!.role = "system";
    });
    expect(rules(badRole)).toEqual(["shape"]);
    expect(messages(badRole)[0]).toMatch(/^messages\.0\.role: /);
  });

  it("requires a non-empty model", () => {
    expect(
      messages(
        broken((b) => {
          b.model = "";
        }),
      ),
    ).toEqual(["model: String should have at least 1 character"]);
  });

  it("requires max_tokens to be a positive integer", () => {
    const zero = broken((b) => {
      b.max_tokens = 0;
      b.thinking = undefined;
    });
    expect(messages(zero)).toEqual(["max_tokens: Input should be greater than or equal to 1"]);
    const fraction = broken((b) => {
      b.max_tokens = 10.5;
      b.thinking = undefined;
    });
    expect(messages(fraction)).toEqual(["max_tokens: Input should be a valid integer"]);
  });

  it("requires max_tokens above the thinking budget", () => {
    expect(
      rules(
        broken((b) => {
          b.max_tokens = 2048;
        }),
      ),
    ).toEqual(["thinking_budget"]);
  });

  it("requires the first message to be from the user", () => {
    expect(messages(broken((_, m) => m.shift()))).toContain(
      'messages: first message must use the "user" role',
    );
  });

  it("requires roles to alternate", () => {
    const twoUsers = broken((_, m) => m.push({ role: "user", content: "And another thing." }));
    expect(messages(twoUsers)).toEqual([
      'messages: roles must alternate between "user" and "assistant", but found multiple "user" roles in a row (messages.4 and messages.5)',
    ]);
  });

  it("requires at least one message", () => {
    expect(messages(broken((_, m) => m.splice(0)))).toEqual([
      "messages: at least one message is required",
    ]);
  });

  it("rejects empty message content, except a final assistant prefill", () => {
    expect(
      messages(
        broken((_, m) => {
          m[4]!.content = "";
        }),
      ),
    ).toEqual([
      "messages.4: all messages must have non-empty content except for the optional final assistant message",
    ]);
    expect(
      rules(
        broken((_, m) => {
          m[3]!.content = [];
        }),
      ),
    ).toEqual(["empty_content"]);
    const prefill = broken((_, m) => m.push({ role: "assistant", content: [] }));
    expect(validateRequest(prefill)).toEqual([]);
  });

  it("rejects empty and whitespace-only text blocks", () => {
    expect(
      messages(
        broken((_, m) => {
          m[3]!.content = [{ type: "text", text: "" }];
        }),
      ),
    ).toEqual(["messages.3.content.0.text: text content blocks must be non-empty"]);
    expect(
      messages(
        broken((_, m) => {
          m[3]!.content = [{ type: "text", text: " \n" }];
        }),
      ),
    ).toEqual(["messages.3.content.0.text: text content blocks must contain non-whitespace text"]);
  });

  it("reports tool_use ids with no tool_result right after, in the API's words", () => {
    const body = broken((_, m) => {
      m[2]!.content = [{ type: "text", text: "Never mind." }];
    });
    expect(messages(body)).toEqual([
      "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01A. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
    ]);
  });

  it("reports a tool_result with no tool_use in the previous message, in the API's words", () => {
    const body = broken((_, m) => {
      m[4]!.content = [{ type: "tool_result", tool_use_id: "toolu_01A", content: "again" }];
    });
    expect(messages(body)).toEqual([
      "messages.4.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01A. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
    ]);
  });

  it("rejects two tool_results for one tool_use", () => {
    const body = broken((_, m) => {
      (m[2]!.content as unknown[]).splice(1, 0, {
        type: "tool_result",
        tool_use_id: "toolu_01A",
        content: "x",
      });
    });
    expect(messages(body)).toEqual([
      "messages.2.content.1: each tool_use must have a single result. Found multiple `tool_result` blocks with id: toolu_01A",
    ]);
  });

  it("rejects a tool_use id used twice in the conversation", () => {
    const body = broken((_, m) => {
      m[3]!.content = [{ type: "tool_use", id: "toolu_01A", name: "Read", input: {} }];
      m[4]!.content = [{ type: "tool_result", tool_use_id: "toolu_01A", content: "x" }];
    });
    expect(messages(body)).toEqual(["messages.3.content.0: `tool_use` ids must be unique"]);
  });

  it("requires tool_result blocks to come first in their user message", () => {
    const body = broken((_, m) => {
      (m[2]!.content as unknown[]).reverse();
    });
    expect(validateRequest(body)).toEqual([
      {
        rule: "tool_result_order",
        message:
          "messages.2.content.1: `tool_result` blocks must come first in the user message, before any other content",
      },
    ]);
  });

  it("rejects blocks in a message of the wrong role", () => {
    const body = broken((_, m) => {
      m[0]!.content = [{ type: "tool_use", id: "toolu_01B", name: "Read", input: {} }];
    });
    expect(messages(body)).toContain(
      "messages.0.content.0: `tool_use` blocks are not allowed in `user` messages",
    );
  });

  it("allows four cache_control breakpoints and rejects a fifth, counting nested blocks", () => {
    const four = broken((b, m) => {
      (b.tools as Array<Record<string, unknown>>)[0]!.cache_control = { type: "ephemeral" };
      m[2]!.content = [
        {
          type: "tool_result",
          tool_use_id: "toolu_01A",
          content: [{ type: "text", text: "# keel", cache_control: { type: "ephemeral" } }],
        },
        { type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } },
      ];
    });
    expect(validateRequest(four)).toEqual([]);
    const five = structuredClone(four);
    (five.messages as Messages)[4]!.content = [
      { type: "text", text: "Thanks.", cache_control: { type: "ephemeral" } },
    ];
    expect(messages(five)).toEqual([
      "A maximum of 4 blocks with cache_control may be provided. Found 5.",
    ]);
  });

  it("requires thinking blocks to keep their signature", () => {
    const missing = broken((_, m) => {
      delete ((m[1]!.content as unknown[])[0] as Record<string, unknown>).signature;
    });
    expect(messages(missing)).toEqual(["messages.1.content.0.signature: Field required"]);
    const empty = broken((_, m) => {
      ((m[1]!.content as unknown[])[0] as Record<string, unknown>).signature = "";
    });
    expect(rules(empty)).toEqual(["thinking_signature"]);
    const redacted = broken((_, m) => {
      (m[1]!.content as unknown[])[0] = { type: "redacted_thinking", data: "" };
    });
    expect(messages(redacted)).toEqual(["messages.1.content.0.data: Field required"]);
  });

  it("requires tool names to match the API's pattern", () => {
    const body = broken((b) => {
      (b.tools as Array<Record<string, unknown>>)[0]!.name = "read file";
    });
    expect(messages(body)).toEqual([
      "tools.0.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
    ]);
  });

  it("requires tool names to be unique", () => {
    const body = broken((b) => {
      const tools = b.tools as Array<Record<string, unknown>>;
      tools.push({ ...tools[0]! });
    });
    expect(messages(body)).toEqual(["tools: Tool names must be unique."]);
  });

  it("requires each tool's input_schema to be an object schema", () => {
    const arraySchema = broken((b) => {
      (b.tools as Array<Record<string, unknown>>)[0]!.input_schema = { type: "array", items: {} };
    });
    expect(messages(arraySchema)).toEqual(["tools.0.input_schema.type: Input should be 'object'"]);
    const missing = broken((b) => {
      delete (b.tools as Array<Record<string, unknown>>)[0]!.input_schema;
    });
    expect(messages(missing)).toEqual(["tools.0.input_schema: Field required"]);
    const badRequired = broken((b) => {
      (b.tools as Array<Record<string, unknown>>)[0]!.input_schema = {
        type: "object",
        required: "file_path",
      };
    });
    expect(rules(badRequired)).toEqual(["tool_schema"]);
  });
});
