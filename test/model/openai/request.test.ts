import { describe, expect, it } from "vitest";
import { toChatCompletionRequest } from "../../../src/model/openai/request.js";
import type { ModelRequest } from "../../../src/model/provider.js";

function request(overrides: Partial<ModelRequest>): ModelRequest {
  return { model: "qwen3:8b", messages: [], maxTokens: 1024, kind: "main", ...overrides };
}

const readCall = {
  type: "tool_use",
  id: "call_r1",
  name: "Read",
  input: { file_path: "a.ts" },
} as const;
const globCall = {
  type: "tool_use",
  id: "call_g2",
  name: "Glob",
  input: { pattern: "*.md" },
} as const;

describe("the chat-completions request", () => {
  it("streams with usage, and passes max_tokens, temperature and stop sequences", () => {
    const params = toChatCompletionRequest(
      request({
        messages: [{ role: "user", content: "hello" }],
        temperature: 0.2,
        stopSequences: ["\nEND"],
        thinking: { type: "enabled", budget_tokens: 2048 },
      }),
    );
    expect(params).toEqual({
      model: "qwen3:8b",
      messages: [{ role: "user", content: "hello" }],
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 1024,
      temperature: 0.2,
      stop: ["\nEND"],
    });
  });

  it("leaves web search's blocks out: these servers run no tools of their own", () => {
    const params = toChatCompletionRequest(
      request({
        messages: [
          { role: "user", content: "When is high tide?" },
          {
            role: "assistant",
            content: [
              {
                type: "server_tool_use",
                id: "srvtoolu_1",
                name: "web_search",
                input: { query: "tide" },
              },
              {
                type: "web_search_tool_result",
                tool_use_id: "srvtoolu_1",
                content: [
                  {
                    type: "web_search_result",
                    title: "T",
                    url: "https://t.example",
                    encrypted_content: "E",
                  },
                ],
              },
              { type: "text", text: "At noon." },
            ],
          },
          { role: "user", content: "Thanks." },
        ],
      }),
    );
    expect(params.messages).toEqual([
      { role: "user", content: "When is high tide?" },
      { role: "assistant", content: "At noon." },
      { role: "user", content: "Thanks." },
    ]);
  });

  it("sends a system prompt of text blocks as one system message", () => {
    const params = toChatCompletionRequest(
      request({
        system: [
          { type: "text", text: "You are keel." },
          { type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } },
        ],
        messages: [{ role: "user", content: "hi" }],
      }),
    );
    expect(params.messages[0]).toEqual({ role: "system", content: "You are keel.\n\nBe brief." });
    expect(toChatCompletionRequest(request({ system: "Plain." })).messages).toEqual([
      { role: "system", content: "Plain." },
    ]);
  });

  it("turns tools into function tools with their JSON schema", () => {
    const schema = {
      type: "object",
      properties: { file_path: { type: "string" } },
      required: ["file_path"],
    } as const;
    const params = toChatCompletionRequest(
      request({ tools: [{ name: "Read", description: "Reads a file", input_schema: schema }] }),
    );
    expect(params.tools).toEqual([
      {
        type: "function",
        function: { name: "Read", description: "Reads a file", parameters: schema },
      },
    ]);
  });

  it("sends assistant text as content and tool_use as tool_calls, dropping thinking", () => {
    const params = toChatCompletionRequest(
      request({
        messages: [
          { role: "user", content: "look" },
          {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "hmm", signature: "" },
              { type: "redacted_thinking", data: "xyz" },
              { type: "text", text: "Reading it." },
              readCall,
            ],
          },
        ],
      }),
    );
    expect(params.messages[1]).toEqual({
      role: "assistant",
      content: "Reading it.",
      tool_calls: [
        {
          id: "call_r1",
          type: "function",
          function: { name: "Read", arguments: '{"file_path":"a.ts"}' },
        },
      ],
    });
  });

  it("places tool results right after the assistant message, in the order of its calls, then the rest as a user message", () => {
    const params = toChatCompletionRequest(
      request({
        messages: [
          { role: "user", content: "go" },
          { role: "assistant", content: [readCall, globCall] },
          {
            role: "user",
            content: [
              { type: "tool_result", tool_use_id: "call_g2", content: "README.md" },
              {
                type: "tool_result",
                tool_use_id: "call_r1",
                content: [{ type: "text", text: "line 1" }],
              },
              { type: "text", text: "also check the tests" },
            ],
          },
        ],
      }),
    );
    expect(params.messages.slice(1)).toEqual([
      { role: "assistant", content: null, tool_calls: expect.any(Array) },
      { role: "tool", tool_call_id: "call_r1", content: "line 1" },
      { role: "tool", tool_call_id: "call_g2", content: "README.md" },
      { role: "user", content: "also check the tests" },
    ]);
  });

  it("marks a failed tool's result so the model knows it failed", () => {
    const params = toChatCompletionRequest(
      request({
        messages: [
          { role: "assistant", content: [readCall] },
          {
            role: "user",
            content: [
              {
                type: "tool_result",
                tool_use_id: "call_r1",
                content: "no such file",
                is_error: true,
              },
            ],
          },
        ],
      }),
    );
    expect(params.messages[1]).toEqual({
      role: "tool",
      tool_call_id: "call_r1",
      content: "Error: no such file",
    });
  });

  it("sends images as data-URL content parts next to the text", () => {
    const params = toChatCompletionRequest(
      request({
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "what is this?" },
              {
                type: "image",
                source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" },
              },
              { type: "image", source: { type: "url", url: "https://example.test/cat.jpg" } },
            ],
          },
        ],
      }),
    );
    expect(params.messages[0]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "what is this?" },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        { type: "image_url", image_url: { url: "https://example.test/cat.jpg" } },
      ],
    });
  });

  it("moves an image a tool returned into the user message after the tool messages", () => {
    const image = {
      type: "image",
      source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQ" },
    } as const;
    const params = toChatCompletionRequest(
      request({
        messages: [
          { role: "assistant", content: [readCall] },
          {
            role: "user",
            content: [{ type: "tool_result", tool_use_id: "call_r1", content: [image] }],
          },
        ],
      }),
    );
    expect(params.messages.slice(1)).toEqual([
      {
        role: "tool",
        tool_call_id: "call_r1",
        content: "(the result's attachment follows in the next user message)",
      },
      {
        role: "user",
        content: [
          { type: "text", text: "Attached to the result of tool call call_r1:" },
          { type: "image_url", image_url: { url: "data:image/jpeg;base64,/9j/4AAQ" } },
        ],
      },
    ]);
  });

  it("joins several text blocks of a user turn into one string", () => {
    const params = toChatCompletionRequest(
      request({
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "first" },
              {
                type: "document",
                source: { type: "text", media_type: "text/plain", data: "notes" },
                title: "n.txt",
              },
            ],
          },
        ],
      }),
    );
    expect(params.messages[0]).toEqual({ role: "user", content: "first\n\nn.txt\n\nnotes" });
  });
});
