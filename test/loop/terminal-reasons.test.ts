import { describe, expect, it } from "vitest";
import type { AttachmentMessage, UserMessage } from "../../src/protocol/messages.js";
import { messagesOf, runLoop } from "./harness.js";
import { abortingTool, echoTool, gateTool } from "./tools.js";

const apiError = (status: number, type: string, message: string) => ({
  type: "http_error",
  status,
  body: { type: "error", error: { type, message } },
});

function userTexts(run: Awaited<ReturnType<typeof runLoop>>): string[] {
  return messagesOf(run)
    .filter((m): m is UserMessage => m.type === "user")
    .map((m) =>
      typeof m.message.content === "string" ? m.message.content : JSON.stringify(m.message.content),
    );
}

describe("the loop's terminal reasons", () => {
  it("completed: a plain answer ends the turn", async () => {
    const run = await runLoop({ turns: [{ content: "Hello." }] });
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(run.transitions).toEqual([{ kind: "terminal", reason: "completed" }]);
  });

  it("completed after an API error that retries cannot fix, with no stop hooks", async () => {
    let hooks = 0;
    const run = await runLoop(
      {
        turns: [
          {
            content: "never",
            faults: [apiError(401, "authentication_error", "invalid x-api-key")],
          },
        ],
      },
      {
        deps: {
          runStopHooks: async () => {
            hooks += 1;
            return { blockingErrors: [] };
          },
        },
      },
    );
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(hooks).toBe(0);
    const last = messagesOf(run)
      .filter((m) => m.type === "assistant")
      .at(-1);
    expect(last).toMatchObject({
      isApiErrorMessage: true,
      error: "authentication_failed",
      apiErrorStatus: 401,
    });
  });

  it("blocking_limit: a history past the hard limit is refused before any request", async () => {
    const run = await runLoop(
      { turns: [{ content: "unused" }] },
      { deps: { isAtBlockingLimit: () => true } },
    );
    expect(run.terminal).toEqual({ reason: "blocking_limit" });
    expect(run.requests).toHaveLength(0);
  });

  it("image_error: a media error that compaction cannot fix ends the turn", async () => {
    const run = await runLoop({
      turns: [
        {
          content: "x",
          faults: [
            apiError(
              400,
              "invalid_request_error",
              "messages.0.content.0.image.source.base64: image exceeds 5 MB maximum: 7255700 bytes > 5242880 bytes",
            ),
          ],
        },
      ],
    });
    expect(run.terminal).toEqual({ reason: "image_error" });
  });

  it("prompt_too_long: a prompt-too-long with no way to compact surfaces and ends the turn", async () => {
    const run = await runLoop({
      turns: [
        {
          content: "x",
          faults: [
            apiError(
              400,
              "invalid_request_error",
              "prompt is too long: 210000 tokens > 200000 maximum",
            ),
          ],
        },
      ],
    });
    expect(run.terminal).toEqual({ reason: "prompt_too_long" });
    const last = messagesOf(run)
      .filter((m) => m.type === "assistant")
      .at(-1);
    expect(last).toMatchObject({ isApiErrorMessage: true, error: "invalid_request" });
  });

  it("model_error: an unexpected exception in the model layer ends the turn, pairing pending calls", async () => {
    const run = await runLoop(
      { turns: [{ content: "x" }] },
      {
        deps: {
          callModel: () => ({
            [Symbol.asyncIterator]: () => ({
              next: () => Promise.reject(new TypeError("provider bug")),
            }),
          }),
        },
      },
    );
    expect(run.terminal.reason).toBe("model_error");
  });

  it("aborted_streaming: aborting while the model streams ends the turn with the interruption note", async () => {
    const controller = new AbortController();
    const runPromise = runLoop(
      { turns: [{ content: "slow", faults: [{ type: "stall", ms: 60_000 }] }] },
      { abortController: controller },
    );
    setImmediate(() => controller.abort("user"));
    const run = await runPromise;
    expect(run.terminal).toEqual({ reason: "aborted_streaming" });
    expect(userTexts(run).at(-1)).toBe("[Request interrupted by user]");
  });

  it("aborted_tools: aborting while tools run pairs every call and ends the turn", async () => {
    const run = await runLoop(
      {
        turns: [
          {
            content: [
              { type: "tool_use", name: "Abort", input: { text: "a" } },
              { type: "tool_use", name: "Echo", input: { text: "b" } },
            ],
          },
          { content: "unreached" },
        ],
      },
      { tools: [abortingTool(), echoTool], params: { streamingToolExecution: false } },
    );
    expect(run.terminal).toEqual({ reason: "aborted_tools" });
    const results = messagesOf(run).flatMap((m) =>
      m.type === "user" && Array.isArray(m.message.content)
        ? m.message.content.filter((b) => b.type === "tool_result")
        : [],
    );
    expect(results).toHaveLength(2);
    expect(run.requests).toHaveLength(1);
  });

  it("aborted_streaming: a tool started by the streaming executor that aborts the turn still gets every call paired", async () => {
    const run = await runLoop(
      {
        turns: [
          {
            chunkDelayMs: 1,
            content: [
              { type: "tool_use", name: "Abort", input: { text: "a" } },
              { type: "tool_use", name: "Echo", input: { text: "b" } },
            ],
          },
        ],
      },
      { tools: [abortingTool(), echoTool] },
    );
    expect(run.terminal).toEqual({ reason: "aborted_streaming" });
    const ids = messagesOf(run).flatMap((m) =>
      m.type === "user" && Array.isArray(m.message.content)
        ? m.message.content.flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : []))
        : [],
    );
    const calls = messagesOf(run).flatMap((m) =>
      m.type === "assistant"
        ? m.message.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []))
        : [],
    );
    expect(ids.sort()).toEqual(calls.sort());
  });

  it("stop_hook_prevented: a Stop hook that says continue:false ends the turn", async () => {
    const run = await runLoop(
      { turns: [{ content: "done" }] },
      {
        deps: {
          runStopHooks: async () => ({
            blockingErrors: [],
            preventContinuation: { hookName: "Stop", reason: "frozen" },
          }),
        },
      },
    );
    expect(run.terminal).toEqual({ reason: "stop_hook_prevented" });
    const stop = messagesOf(run).find((m): m is AttachmentMessage => m.type === "attachment");
    expect(stop?.attachment).toEqual({
      type: "hook_stopped_continuation",
      hookName: "Stop",
      message: "frozen",
    });
  });

  it("hook_stopped: a PreToolUse hook with continue:false ends the turn after the batch", async () => {
    const run = await runLoop(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Echo", input: { text: "x" } }] },
          { content: "unreached" },
        ],
      },
      {
        tools: [echoTool],
        hooks: {
          preToolUse: async () => ({
            attachments: [],
            preventContinuation: { hookName: "PreToolUse:Echo", reason: "policy says stop" },
          }),
          postToolUse: async () => ({ attachments: [] }),
        },
      },
    );
    expect(run.terminal).toEqual({ reason: "hook_stopped" });
    expect(run.requests).toHaveLength(1);
  });

  it("max_turns: the turn ends when the next turn would pass maxTurns", async () => {
    const call = { content: [{ type: "tool_use", name: "Echo", input: { text: "again" } }] };
    const run = await runLoop(
      { turns: [call, call, call, { content: "never" }] },
      { tools: [echoTool], params: { maxTurns: 2 } },
    );
    expect(run.terminal).toEqual({ reason: "max_turns", turnCount: 3 });
    expect(run.requests).toHaveLength(2);
    const reached = messagesOf(run).find((m): m is AttachmentMessage => m.type === "attachment");
    expect(reached?.attachment).toEqual({ type: "max_turns_reached", maxTurns: 2, turnCount: 3 });
  });
});

describe("streaming tool execution", () => {
  it("starts a tool while the model is still streaming, and its result comes before the message ends", async () => {
    const gate = gateTool();
    gate.release();
    const run = await runLoop(
      {
        turns: [
          {
            chunkDelayMs: 2,
            content: [
              { type: "tool_use", name: "Gate", input: { text: "early" } },
              {
                type: "text",
                text: "Some more words the model streams after the tool call, slowly, chunk by chunk.",
              },
            ],
          },
          { content: "done" },
        ],
      },
      { tools: [gate] },
    );
    const order = run.events.flatMap((e) => {
      if (
        e.type === "user" &&
        Array.isArray(e.message.content) &&
        e.message.content[0]?.type === "tool_result"
      )
        return ["result"];
      if (e.type === "content_block_stop" && e.index === 1) return ["text_block_stop"];
      return [];
    });
    expect(order.slice(0, 2)).toEqual(["result", "text_block_stop"]);
    expect(run.terminal).toEqual({ reason: "completed" });
  });
});
