import { describe, expect, it } from "vitest";
import { SUMMARY_SECTIONS } from "../../src/context/compact-prompt.js";
import { createCompaction, type PreCompactInput } from "../../src/context/compaction.js";
import { IMAGE_REMOVED_TEXT } from "../../src/context/images.js";
import { createMicrocompact } from "../../src/context/microcompact.js";
import { createContextPipeline } from "../../src/context/pipeline.js";
import type { Message } from "../../src/protocol/messages.js";
import { FileStateCache } from "../../src/tools/file-state-cache.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { historyBuilder, requestViolations, testIds } from "./histories.js";
import { requestText, SUMMARY_ANSWER, scriptedCallModel } from "./scripted-call-model.js";

const kb4 = "r".repeat(4_000);
const summarySide = { match: { requestKind: "compact" }, content: SUMMARY_ANSWER };

/** A history of `rounds` Bash rounds of 4 KB after a first prompt, ending with a new prompt. */
function longHistory(rounds: number): Message[] {
  const h = historyBuilder();
  const out: Message[] = [h.user("Please fix the parser. Always run the tests.")];
  for (let i = 0; i < rounds; i++) out.push(...h.round("Bash", { command: `step ${i}` }, kb4));
  out.push(h.user("Now also update the README."));
  return out;
}

function textOfMessage(m: Message): string {
  if (m.type === "user") return typeof m.message.content === "string" ? m.message.content : "";
  if (m.type === "attachment" && m.attachment.type === "system_reminder")
    return m.attachment.content;
  return "";
}

describe("compaction", () => {
  it("sends one text-only summary request with the fixed sections and strips the scratchpad", async () => {
    const { callModel, provider } = scriptedCallModel({ turns: [], side: [summarySide] });
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
      budget: { windowOverride: 50_000 },
    });
    const history = longHistory(20); // ~20k tokens, over the 17k threshold
    const result = await compaction.autocompact(history, makeToolUseContext());
    expect(provider.requests).toHaveLength(1);
    const request = provider.requests[0]!;
    expect(request.kind).toBe("compact");
    const body = request.body as Record<string, unknown>;
    expect(body.tools).toBeUndefined();
    const text = requestText(body);
    for (const section of SUMMARY_SECTIONS) expect(text).toContain(section);
    expect(text).toContain("<analysis>");
    expect(text).toContain("Please fix the parser. Always run the tests.");
    expect(text).toContain('[calls Bash {"command":"step 19"}]');
    expect(text).not.toContain("oldest rounds of the conversation were left out");

    const messages = result!.messages;
    expect(messages[0]).toMatchObject({ type: "system", subtype: "compact_boundary" });
    expect(messages[1]).toMatchObject({ type: "user", isCompactSummary: true });
    const summary = textOfMessage(messages[1]!);
    expect(summary).toContain("Summary:\n1. Primary Request and Intent: fix the parser");
    expect(summary).not.toContain("scratch thoughts");
    expect(textOfMessage(messages[2]!)).toBe("Now also update the README.");
    expect(requestViolations(messages)).toEqual([]);
  });

  it("does nothing below the threshold, and nothing when auto-compaction is off", async () => {
    const { callModel, provider } = scriptedCallModel({ turns: [], side: [summarySide] });
    const base = { callModel, ids: testIds("c"), model: () => "claude-test" };
    const small = createCompaction({ ...base, budget: { windowOverride: 200_000 } });
    expect(await small.autocompact(longHistory(10), makeToolUseContext())).toBeUndefined();
    const off = createCompaction({ ...base, budget: { windowOverride: 50_000 }, disabled: true });
    expect(await off.autocompact(longHistory(20), makeToolUseContext())).toBeUndefined();
    expect(await off.reactiveCompact(longHistory(20), makeToolUseContext())).toBeUndefined();
    expect(provider.requests).toHaveLength(0);
    // /compact works even with auto-compaction off.
    const manual = await off.compactNow(longHistory(2), "focus on the README");
    expect(manual.messages[0]).toMatchObject({ compactMetadata: { trigger: "manual" } });
    expect(requestText(provider.requests[0]!.body)).toContain(
      "Additional Instructions:\nfocus on the README",
    );
  });

  it("leaves out the oldest rounds when the history is too big for the summariser, and says so", async () => {
    const { callModel, provider } = scriptedCallModel({ turns: [], side: [summarySide] });
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
      summaryWindowOverride: 40_000, // 40k − 20k output − 4k margin = 16k tokens of transcript
      maxSummaryTokens: 20_000,
    });
    const result = await compaction.compactNow(longHistory(30)); // ~30k tokens
    const text = requestText(provider.requests[0]!.body);
    expect(text.length / 4).toBeLessThan(17_000);
    expect(text).toMatch(/the \d+ oldest rounds of the conversation were left out/);
    expect(text).toContain('"command":"step 29"');
    expect(text).not.toContain('"command":"step 0"');
    // The latest request survives whatever the summariser saw: /compact comes between turns,
    // so it is quoted in the summary as answered, not sent again as a pending prompt.
    const texts = result.messages.map(textOfMessage);
    expect(texts.join("\n")).toContain("already answered, was:\nNow also update the README.");
    expect(texts).not.toContain("Now also update the README.");
  });

  it("/compact leaves no prompt pending: the history ends with the summary", async () => {
    const { callModel } = scriptedCallModel({ turns: [], side: [summarySide] });
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
    });
    const result = await compaction.compactNow(longHistory(2));
    expect(result.messages.map((m) => m.type)).toEqual(["system", "user"]);
    expect(result.messages[1]).toMatchObject({ isCompactSummary: true });
  });

  it("drops more rounds when the summary request itself is too long, then succeeds", async () => {
    const ptl = {
      type: "http_error",
      status: 400,
      body: {
        type: "error",
        error: {
          type: "invalid_request_error",
          message: "prompt is too long: 12000 tokens > 8000 maximum",
        },
      },
    };
    // Count mode: the first compact request is turn 1 (fails), the second turn 2.
    const { callModel, provider } = scriptedCallModel({
      turnMode: "count",
      turns: [{ content: "unused", faults: [ptl] }, { content: SUMMARY_ANSWER }],
    });
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
    });
    await compaction.compactNow(longHistory(12));
    expect(provider.requests).toHaveLength(2);
    const [first, second] = provider.requests.map((r) => requestText(r.body));
    expect(second!.length).toBeLessThan(first!.length - 4 * 4_000);
    expect(second).toMatch(/oldest rounds of the conversation were left out/);
  });

  it("re-attaches recently read files fresh from disk and the todo list", async () => {
    const { callModel } = scriptedCallModel({ turns: [], side: [summarySide] });
    const readFileState = new FileStateCache();
    for (const f of [
      "/p/old.ts",
      "/p/a.ts",
      "/p/b.ts",
      "/p/c.ts",
      "/p/d.ts",
      "/p/e.ts",
      "/p/big.ts",
    ]) {
      readFileState.set(f, { content: "stale", timestamp: 1, fromRead: true });
    }
    const disk: Record<string, string> = {
      "/p/a.ts": "export const a = 1;",
      "/p/b.ts": "export const b = 2;",
      "/p/c.ts": "export const c = 3;",
      "/p/d.ts": "export const d = 4;",
      "/p/e.ts": "export const e = 5;",
      "/p/big.ts": "b".repeat(30_000),
    };
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
      readFile: async (p) => disk[p],
      todos: () => [
        { content: "Fix the parser", status: "in_progress", activeForm: "Fixing the parser" },
        { content: "Update the README", status: "pending", activeForm: "Updating the README" },
      ],
    });
    const context = makeToolUseContext({ readFileState });
    const result = await compaction.compactNow(longHistory(3), undefined, context);
    const notes = result.messages.filter((m) => m.type === "attachment").map(textOfMessage);
    expect(notes).toHaveLength(6);
    expect(notes[0]).toContain("/p/big.ts");
    expect(notes[0]).toContain("truncated");
    expect(notes[0]!.length).toBeLessThan(5_000 * 4 + 300);
    expect(notes[1]).toContain("export const e = 5;");
    expect(notes.some((n) => n.includes("/p/old.ts"))).toBe(false);
    expect(notes[5]).toContain("1. [in_progress] Fix the parser");
    // Only files the model now has whole stay known to Read.
    expect([...readFileState.keys()].sort()).toEqual(["/p/b.ts", "/p/c.ts", "/p/d.ts", "/p/e.ts"]);
  });

  it("gives up auto-compaction after three failures in a row", async () => {
    const { callModel, provider } = scriptedCallModel({
      turns: [],
      side: [{ match: { requestKind: "compact" }, content: "" }],
    });
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
      budget: { windowOverride: 50_000 },
    });
    const context = makeToolUseContext();
    for (let i = 0; i < 3; i++) {
      await expect(compaction.autocompact(longHistory(20), context)).rejects.toThrow(/no summary/);
    }
    expect(compaction.status()).toEqual({ consecutiveFailures: 3, gaveUp: true });
    expect(await compaction.autocompact(longHistory(20), context)).toBeUndefined();
    expect(provider.requests).toHaveLength(3);
  });

  it("does not repeat a compaction that left the context above the threshold", async () => {
    const long = `<summary>${"s".repeat(80_000)}</summary>`;
    const { callModel, provider } = scriptedCallModel({
      turns: [],
      side: [{ match: { requestKind: "compact" }, content: long }],
    });
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
      budget: { windowOverride: 50_000 }, // threshold 17k; the summary alone is 20k
    });
    const context = makeToolUseContext();
    const first = await compaction.autocompact(longHistory(40), context);
    expect(first).toBeDefined();
    const h = historyBuilder(testIds("n"));
    const grown = [...first!.messages, ...h.round("Bash", { command: "more" }, "ok")];
    expect(await compaction.autocompact(grown, context)).toBeUndefined();
    expect(provider.requests).toHaveLength(1);
  });

  it("recovers from a media error by removing images, without a summary", async () => {
    const { callModel, provider } = scriptedCallModel({ turns: [], side: [summarySide] });
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
    });
    const h = historyBuilder();
    const image = {
      type: "image" as const,
      source: { type: "base64" as const, media_type: "image/png" as const, data: "A".repeat(100) },
    };
    const history = [
      h.user("look at this"),
      ...h.round("Read", { file_path: "/shot.png" }, [image]),
    ];
    const result = await compaction.reactiveCompact(history, makeToolUseContext());
    expect(provider.requests).toHaveLength(0);
    expect(result!.messages[0]).toMatchObject({ subtype: "compact_boundary" });
    expect(JSON.stringify(result!.messages)).toContain(IMAGE_REMOVED_TEXT);
    expect(JSON.stringify(result!.messages)).not.toContain('"type":"image"');
    expect(requestViolations(result!.messages)).toEqual([]);
  });

  it("runs the PreCompact hook and adds its instructions after the user's", async () => {
    const { callModel, provider } = scriptedCallModel({ turns: [], side: [summarySide] });
    const seen: PreCompactInput[] = [];
    const compaction = createCompaction({
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
      onPreCompact: async (input) => {
        seen.push(input);
        return "Keep the list of failing tests.";
      },
    });
    await compaction.compactNow(longHistory(2), "Mention the README.");
    expect(seen).toEqual([{ trigger: "manual", customInstructions: "Mention the README." }]);
    expect(requestText(provider.requests[0]!.body)).toContain(
      "Additional Instructions:\nMention the README.\n\nKeep the list of failing tests.",
    );
  });

  it("counts what microcompact just freed before deciding to compact", async () => {
    const { callModel, provider } = scriptedCallModel({ turns: [], side: [summarySide] });
    const pipeline = createContextPipeline({
      microcompact: createMicrocompact({ keepRecentTokens: 2_000, minSavingsTokens: 1_000 }),
    });
    const base = {
      callModel,
      ids: testIds("c"),
      model: () => "claude-test",
      budget: { windowOverride: 50_000 }, // threshold 17k
    };
    const h = historyBuilder();
    const history: Message[] = [h.user("go")];
    for (let i = 0; i < 15; i++) history.push(...h.round("Read", { file_path: `/f${i}` }, kb4));
    // The last response reported 18k tokens, counting every result microcompact is about to clear.
    history.push(h.assistant([{ type: "text", text: "Reading on." }], { input_tokens: 18_000 }));
    history.push(h.user("continue"));
    const context = makeToolUseContext();
    const cleaned = await pipeline.step(history, context);
    expect(pipeline.freedTokens(cleaned)).toBeGreaterThan(10_000);
    const aware = createCompaction({ ...base, freedTokens: pipeline.freedTokens });
    expect(await aware.autocompact(cleaned, context)).toBeUndefined();
    expect(provider.requests).toHaveLength(0);
    const unaware = createCompaction(base);
    expect(await unaware.autocompact(cleaned, context)).toBeDefined();
  });
});
