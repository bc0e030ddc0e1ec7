import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_OUTPUT_TOKENS_RECOVERY_LIMIT } from "../../src/loop/recovery/max-output-recovery.js";
import { MAX_CONSECUTIVE_STOP_HOOK_BLOCKS } from "../../src/loop/recovery/stop-hooks.js";
import { messagesOf, runLoop } from "./harness.js";
import { abortingTool, echoTool } from "./tools.js";

const block = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }).map((text) => ({ type: "text", text })),
  fc.string({ maxLength: 8 }).map((text) => ({ type: "tool_use", name: "Echo", input: { text } })),
  fc.constant({ type: "tool_use", name: "Echo", input: { wrong: 1 } }),
  fc.constant({ type: "tool_use", name: "NoSuchTool", input: {} }),
  fc.constant({ type: "tool_use", name: "Abort", input: { text: "stop" } }),
);

const fault = fc.oneof(
  fc.constantFrom(529, 500, 429, 400, 401).map((status) => ({ type: "http_error", status })),
  fc.nat({ max: 2 }).map((afterBlocks) => ({ type: "error_event", afterBlocks })),
  fc.nat({ max: 2 }).map((afterBlocks) => ({ type: "disconnect", afterBlocks, midBlock: true })),
  fc.nat({ max: 2 }).map((afterBlocks) => ({ type: "max_tokens", afterBlocks })),
);

const turn = fc
  .record({
    content: fc.array(block, { minLength: 1, maxLength: 4 }),
    faults: fc.array(fault, { maxLength: 2 }),
  })
  .map(({ content, faults }) => ({
    content,
    // A fault's afterBlocks must stay within the turn.
    faults: faults.filter((f) => !("afterBlocks" in f) || f.afterBlocks < content.length),
  }));

const MAX_TURNS = 4;
const MAX_RETRIES = 2;
/** Requests one tool round may make: the first, an escalation, the recoveries, stop-hook rounds. */
const PER_ROUND = 1 + 1 + MAX_OUTPUT_TOKENS_RECOVERY_LIMIT + MAX_CONSECUTIVE_STOP_HOOK_BLOCKS + 2;
const REQUEST_BOUND = (MAX_TURNS + 1) * PER_ROUND * (MAX_RETRIES + 1);

describe("the loop under an adversarial model", () => {
  it("always returns a Terminal, keeps every request valid, pairs every tool_use once, and stays bounded", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(turn, { minLength: 1, maxLength: 6 }),
        fc.option(fc.nat({ max: 40 }), { nil: undefined }),
        fc.boolean(),
        fc.boolean(),
        async (turns, abortAfterEvents, streaming, blockingHook) => {
          const controller = new AbortController();
          let seen = 0;
          let hookCalls = 0;
          const run = await runLoop(
            { turns },
            {
              tools: [echoTool, abortingTool()],
              abortController: controller,
              retry: { maxRetries: MAX_RETRIES },
              params: {
                maxTurns: MAX_TURNS,
                streamingToolExecution: streaming,
                escalatedMaxOutputTokens: 16_000,
              },
              deps: {
                summarizeToolRound: async () => "label",
                runStopHooks: async () => {
                  hookCalls += 1;
                  return blockingHook
                    ? { blockingErrors: [{ hookName: "Stop", message: "keep going" }] }
                    : { blockingErrors: [] };
                },
                ...(abortAfterEvents === undefined
                  ? {}
                  : {
                      collectAttachments: async () => {
                        seen += 1;
                        if (seen > abortAfterEvents % 3) controller.abort("user");
                        return [];
                      },
                    }),
              },
            },
          );
          expect(run.terminal.reason).toBeTypeOf("string");
          expect(run.violations).toEqual([]);
          expect(run.requests.length).toBeLessThanOrEqual(REQUEST_BOUND);
          expect(hookCalls).toBeLessThanOrEqual(
            (MAX_TURNS + 1) * (MAX_CONSECUTIVE_STOP_HOOK_BLOCKS + 1),
          );

          const messages = messagesOf(run);
          const calls = messages.flatMap((m) =>
            m.type === "assistant"
              ? m.message.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []))
              : [],
          );
          const results = messages.flatMap((m) =>
            m.type === "user" && Array.isArray(m.message.content)
              ? m.message.content.flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : []))
              : [],
          );
          const tombstoned = new Set(
            run.events.flatMap((e) =>
              e.type === "tombstone"
                ? e.message.message.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []))
                : [],
            ),
          );
          expect(results.sort()).toEqual(calls.filter((id) => !tombstoned.has(id)).sort());
        },
      ),
      { numRuns: 150 },
    );
  });
});
