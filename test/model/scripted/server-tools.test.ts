import { describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../../../src/model/anthropic/provider.js";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { renderEvents, renderMessage } from "../../../src/model/scripted/render.js";
import { validateRequest } from "../../../src/model/scripted/validator.js";
import type { ApiMessageParam } from "../../../src/protocol/api.js";
import { drain, HELLO, modelRequest, responseOf, scenarioOf, sdkClient, serve } from "./helpers.js";

const CONTEXT = { messageId: "msg_01test", model: "claude-sonnet-5", inputTokens: 100 };

/** A turn that searches the web, as the API answers one: call, results, then the answer. */
const SEARCH_TURN = {
  content: [
    { type: "text", text: "Let me look that up." },
    { type: "server_tool_use", name: "web_search", input: { query: "high tide Brest today" } },
    {
      type: "web_search_tool_result",
      content: [
        { title: "Tide times for Brest", url: "https://tides.example/brest", page_age: "today" },
        { title: "Brest harbour", url: "https://harbour.example/brest" },
      ],
    },
    { type: "text", text: "High tide in Brest is at 12:41." },
  ],
};

function searchResponse() {
  return scenarioOf({ turns: [SEARCH_TURN] }).turns[0]!;
}

/** A follow-up request that sends an answer back as history. */
function followUp(content: unknown[]): Record<string, unknown> {
  return {
    model: "claude-sonnet-5",
    max_tokens: 1024,
    messages: [...HELLO, { role: "assistant", content }, { role: "user", content: "Thanks." }],
  };
}

const CALL = { type: "server_tool_use", id: "srvtoolu_01A", name: "web_search", input: {} };
const RESULTS = {
  type: "web_search_tool_result",
  tool_use_id: "srvtoolu_01A",
  content: [
    { type: "web_search_result", title: "T", url: "https://t.example", encrypted_content: "Ev0D" },
  ],
};

function rules(body: unknown): string[] {
  return validateRequest(body).map((v) => `${v.rule}: ${v.message}`);
}

describe("server tool blocks (web search)", () => {
  it("fills in the call's srvtoolu_ id, the results' blobs, and the result's tool_use_id", () => {
    const [, call, results] = searchResponse().content;
    expect(call).toMatchObject({
      type: "server_tool_use",
      id: expect.stringMatching(/^srvtoolu_01/),
    });
    expect(results?.type === "web_search_tool_result" && results.tool_use_id).toBe(
      call?.type === "server_tool_use" && call.id,
    );
    const pages = results?.type === "web_search_tool_result" ? results.content : [];
    expect(Array.isArray(pages) && pages.map((p) => p.encrypted_content)).toEqual([
      expect.stringMatching(/^[A-Za-z0-9+/]{100,}={0,2}$/),
      expect.stringMatching(/^[A-Za-z0-9+/]{100,}={0,2}$/),
    ]);
  });

  it("streams the call's input as input_json_delta and the results whole, as the API does", () => {
    const events = renderEvents(searchResponse(), CONTEXT);
    const starts = events.flatMap((e) => (e.type === "content_block_start" ? [e] : []));
    expect(starts[1]?.content_block).toMatchObject({ type: "server_tool_use", input: {} });
    expect(starts[2]?.content_block).toEqual(searchResponse().content[2]);
    const deltas = (index: number) =>
      events.flatMap((e) =>
        e.type === "content_block_delta" && e.index === index ? [e.delta] : [],
      );
    const json = deltas(1).map((d) => (d.type === "input_json_delta" ? d.partial_json : "?"));
    expect(json[0]).toBe("");
    expect(JSON.parse(json.join(""))).toEqual({ query: "high tide Brest today" });
    expect(deltas(2)).toEqual([]);
  });

  it("reports the searches in the final usage only, counted from the calls unless the turn says", () => {
    const events = renderEvents(searchResponse(), CONTEXT);
    const start = events[0]?.type === "message_start" ? events[0].message.usage : undefined;
    expect(start).not.toHaveProperty("server_tool_use");
    const delta = events.find((e) => e.type === "message_delta");
    expect(delta?.type === "message_delta" && delta.usage).toMatchObject({
      server_tool_use: { web_search_requests: 1 },
    });
    const told = scenarioOf({
      turns: [{ ...SEARCH_TURN, usage: { server_tool_use: { web_search_requests: 3 } } }],
    }).turns[0]!;
    expect(renderMessage(told, CONTEXT).usage.server_tool_use).toEqual({ web_search_requests: 3 });
    const plain = scenarioOf({ turns: [{ content: "No search." }] }).turns[0]!;
    expect(renderMessage(plain, CONTEXT).usage).not.toHaveProperty("server_tool_use");
  });

  it("gives the official SDK the blocks and usage it expects", async () => {
    const server = await serve(scenarioOf({ turns: [SEARCH_TURN] }));
    const message = await sdkClient(server)
      .messages.stream({ model: "claude-sonnet-5", max_tokens: 1024, messages: HELLO })
      .finalMessage();
    expect(message.content.map((b) => b.type)).toEqual([
      "text",
      "server_tool_use",
      "web_search_tool_result",
      "text",
    ]);
    expect(message.usage.server_tool_use).toMatchObject({ web_search_requests: 1 });
  });

  it("round-trips through keel's Anthropic provider: the blocks it keeps pass the validator", async () => {
    const server = await serve(
      scenarioOf({ turns: [SEARCH_TURN, { content: "You are welcome." }] }),
    );
    const provider = createAnthropicProvider({ apiKey: "test", baseURL: server.url });
    const signal = new AbortController().signal;
    const first = responseOf(await drain(provider.stream(modelRequest(), signal)));
    expect(first.content).toEqual(searchResponse().content);
    const messages: ApiMessageParam[] = [
      ...HELLO,
      { role: "assistant", content: first.content },
      { role: "user", content: "Thanks." },
    ];
    const second = responseOf(await drain(provider.stream(modelRequest({ messages }), signal)));
    expect(second.content).toEqual([{ type: "text", text: "You are welcome." }]);
    expect(server.violations).toEqual([]);
    const sent = server.requests[1]?.body as { messages: Array<{ content: unknown }> };
    expect(sent.messages[1]?.content).toEqual(searchResponse().content);
  });

  it("serves them in process too", async () => {
    const provider = createScriptedProvider(scenarioOf({ turns: [SEARCH_TURN] }));
    const response = responseOf(
      await drain(provider.stream(modelRequest(), new AbortController().signal)),
    );
    expect(response.content).toEqual(searchResponse().content);
  });

  it("accepts web search blocks sent back whole", () => {
    expect(rules(followUp([CALL, RESULTS, { type: "text", text: "Found." }]))).toEqual([]);
    const failed = {
      ...RESULTS,
      content: { type: "web_search_tool_result_error", error_code: "max_uses_exceeded" },
    };
    expect(rules(followUp([CALL, failed, { type: "text", text: "No luck." }]))).toEqual([]);
  });

  it("refuses results without their call, a call without its results, and results sent back changed", () => {
    expect(rules(followUp([RESULTS, { type: "text", text: "x" }]))).toEqual([
      "server_tool: messages.1.content.0: unexpected `tool_use_id` found in `web_search_tool_result` blocks: srvtoolu_01A. Each `web_search_tool_result` block must have a corresponding `server_tool_use` block before it.",
    ]);
    expect(rules(followUp([CALL, { type: "text", text: "x" }]))).toEqual([
      "server_tool: messages.1: `web_search` tool use with id srvtoolu_01A was found without a corresponding `web_search_tool_result` block",
    ]);
    const page = RESULTS.content[0]!;
    const stripped = { ...RESULTS, content: [{ ...page, encrypted_content: undefined }] };
    expect(rules(followUp([CALL, stripped]))).toEqual([
      "server_tool: messages.1.content.1.content.0.encrypted_content: Field required",
    ]);
    expect(
      rules(
        followUp([
          { ...CALL, id: "toolu_01A" },
          { ...RESULTS, tool_use_id: "toolu_01A" },
        ]),
      ),
    ).toContain(
      "server_tool: messages.1.content.0.id: String should match pattern '^srvtoolu_[a-zA-Z0-9_]+$'",
    );
  });

  it("lets a paused turn's call go back without results when it is the last message", () => {
    const paused = {
      model: "claude-sonnet-5",
      max_tokens: 1024,
      messages: [
        ...HELLO,
        { role: "assistant", content: [{ type: "text", text: "Searching." }, CALL] },
      ],
    };
    expect(rules(paused)).toEqual([]);
  });

  it("keeps both kinds of block out of user messages", () => {
    const misplaced = {
      model: "claude-sonnet-5",
      max_tokens: 1024,
      messages: [{ role: "user", content: [CALL, RESULTS] }],
    };
    expect(rules(misplaced)).toEqual([
      "block_role: messages.0.content.0: `server_tool_use` blocks are not allowed in `user` messages",
      "block_role: messages.0.content.1: `web_search_tool_result` blocks are not allowed in `user` messages",
    ]);
  });

  it("refuses a scenario whose results answer no call before them", () => {
    expect(() => scenarioOf({ turns: [{ content: [SEARCH_TURN.content[2]] }] })).toThrow(
      "test.json: turns[0].content[0]: a web_search_tool_result needs a server_tool_use before it",
    );
    expect(() =>
      scenarioOf({
        turns: [
          {
            content: [
              { ...SEARCH_TURN.content[1], id: "srvtoolu_a" },
              { ...SEARCH_TURN.content[2], tool_use_id: "srvtoolu_b" },
            ],
          },
        ],
      }),
    ).toThrow(
      "turns[0].content[1].tool_use_id: no server_tool_use before it has the id srvtoolu_b",
    );
  });
});
