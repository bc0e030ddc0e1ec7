import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createContextCollapse } from "../../src/context/collapse.js";
import { createCompaction } from "../../src/context/compaction.js";
import { stripImages } from "../../src/context/images.js";
import { createMicrocompact } from "../../src/context/microcompact.js";
import { createContextPipeline } from "../../src/context/pipeline.js";
import { latestUserPrompt } from "../../src/context/rounds.js";
import { createSnip } from "../../src/context/snip.js";
import { createToolResultBudget } from "../../src/context/tool-result-budget.js";
import type { ToolResultBlock } from "../../src/protocol/content.js";
import type { Message } from "../../src/protocol/messages.js";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { historyBuilder, requestViolations, testIds } from "./histories.js";
import { SUMMARY_ANSWER, scriptedCallModel } from "./scripted-call-model.js";

const TOOL_NAMES = ["Read", "Bash", "Grep", "Glob", "Agent"] as const;
const tools = TOOL_NAMES.map(
  (name) =>
    ({
      name,
      maxResultSizeChars: name === "Read" ? Number.POSITIVE_INFINITY : 3_000,
    }) as unknown as AnyTool,
);

const call = fc.record({
  name: fc.constantFrom(...TOOL_NAMES),
  size: fc.integer({ min: 0, max: 6_000 }),
  isError: fc.boolean(),
  image: fc.boolean(),
});
const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("round" as const),
      calls: fc.array(call, { minLength: 1, maxLength: 3 }),
      /** One assistant message per block, sharing the response id, as the loop records them. */
      split: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("prompt" as const),
      text: fc.string({ minLength: 1, maxLength: 20 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("meta" as const) }) },
);

/** A random but valid history: a prompt, then tool rounds (1–3 parallel calls), prompts and notes. */
function buildHistory(steps: readonly StepValue[]): Message[] {
  const h = historyBuilder();
  const out: Message[] = [h.user("first prompt")];
  let n = 0;
  for (const s of steps) {
    if (s.kind === "prompt") out.push(h.user(`typed: ${s.text}`));
    if (s.kind === "meta") out.push(h.user("a runtime note", { isMeta: true }));
    if (s.kind !== "round") continue;
    const ids = s.calls.map(() => `toolu_${++n}`);
    const response = h.assistant(
      s.calls.map((c, i) => ({
        type: "tool_use" as const,
        id: ids[i]!,
        name: c.name,
        input: { file_path: `/f${i}` },
      })),
      { input_tokens: 100 * n, output_tokens: 10 },
    );
    if (!s.split) out.push(response);
    else {
      response.message.content.forEach((block, i) => {
        const part = i === 0 ? response : h.assistant([], response.message.usage);
        out.push({ ...part, message: { ...response.message, content: [block] } });
      });
    }
    const results: ToolResultBlock[] = s.calls.map((c, i) => ({
      type: "tool_result",
      tool_use_id: ids[i]!,
      content: c.image
        ? [{ type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } }]
        : "x".repeat(c.size),
      ...(c.isError ? { is_error: true } : {}),
    }));
    out.push(h.user("", { message: { role: "user", content: results } }));
  }
  return out;
}

type StepValue =
  | {
      kind: "round";
      split: boolean;
      calls: Array<{
        name: (typeof TOOL_NAMES)[number];
        size: number;
        isError: boolean;
        image: boolean;
      }>;
    }
  | { kind: "prompt"; text: string }
  | { kind: "meta" };

const histories = fc.array(step, { minLength: 1, maxLength: 25 }).map((s) => buildHistory(s));

function promptText(messages: readonly Message[]): unknown {
  return latestUserPrompt(messages)?.message.content;
}

describe("tool_use / tool_result pairing holds across every kind of compaction", () => {
  it("tool-result budget, microcompact, snip, collapse and image stripping keep every pair", async () => {
    await fc.assert(
      fc.asyncProperty(histories, fc.integer({ min: 1, max: 6 }), async (history, maxRounds) => {
        expect(requestViolations(history)).toEqual([]);
        const context = makeToolUseContext({ tools });
        const collapse = createContextCollapse({
          ids: testIds("f"),
          budget: { windowOverride: 25_000 }, // negative threshold: always stages
          keepRecentRounds: 2,
        });
        const pipeline = createContextPipeline({
          budget: createToolResultBudget({
            sessionDir: "/nowhere",
            tools: () => tools,
            perMessageChars: 5_000,
            write: async () => {},
          }),
          snip: createSnip({ ids: testIds("s"), maxRounds: maxRounds + 2 }),
          microcompact: createMicrocompact({ keepRecentTokens: 500, minSavingsTokens: 0 }),
          collapse,
        });
        const piped = await pipeline.step(history, context);
        const drained = (await collapse.collapseDrain(piped)).messages;
        const snipped = createSnip({ ids: testIds("t"), maxRounds })(history).messages;
        for (const out of [piped, drained, snipped, stripImages(history).messages]) {
          expect(requestViolations(out)).toEqual([]);
          expect(promptText(out)).toEqual(promptText(history));
        }
      }),
      { numRuns: 150 },
    );
  });

  it("auto-compaction's post-compact history is valid and keeps the latest request", async () => {
    const { callModel } = scriptedCallModel({
      turns: [],
      side: [{ match: { requestKind: "compact" }, content: SUMMARY_ANSWER }],
    });
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
    });
    await fc.assert(
      fc.asyncProperty(histories, async (history) => {
        // Compaction inside a turn (reactive or auto; /compact comes between turns and quotes it).
        const result = await compaction.reactiveCompact(history, makeToolUseContext());
        expect(result).toBeDefined();
        expect(requestViolations(result!.messages)).toEqual([]);
        expect(promptText(result!.messages)).toEqual(promptText(history));
      }),
      { numRuns: 60 },
    );
  });
});
