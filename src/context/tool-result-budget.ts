import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ToolResultBlock } from "../protocol/content.js";
import type { Message } from "../protocol/messages.js";
import { type AnyTool, findTool } from "../tools/tool.js";
import { PREVIEW_BYTES, persistedOutputText } from "./persisted-output.js";
import { toolUseLookup } from "./rounds.js";
import { replaceToolResults, toolResultText } from "./tool-results.js";

/** Claude Code's ceiling on any one tool's result before it is spilled. */
export const DEFAULT_MAX_RESULT_CHARS = 50_000;
/** Claude Code's ceiling on the results of one user message together. */
export const MAX_TOOL_RESULTS_PER_MESSAGE_CHARS = 200_000;

/** Writes a spill file unless it exists; throws when it cannot. */
export type SpillWriter = (file: string, text: string) => Promise<void>;

/** Settings of the tool-result budget. */
export interface ToolResultBudgetOptions {
  /** The session's folder; spills go to `<sessionDir>/tool-results/<tool_use_id>.txt`. */
  sessionDir: string;
  /** The session's tools, for their `maxResultSizeChars` (Infinity never spills). */
  tools: () => readonly AnyTool[];
  perMessageChars?: number;
  /** The cap of a tool that has a larger one, or that keel does not know. */
  defaultMaxResultChars?: number;
  previewBytes?: number;
  write?: SpillWriter;
}

/** The default writer: creates the folder, never overwrites (a spill is written once). */
export const writeSpillFile: SpillWriter = async (file, text) => {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, text, { encoding: "utf8", flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
};

/** One fresh result the budget may spill. */
interface Candidate {
  id: string;
  text: string;
  cap: number;
}

/** A result as the budget measures it; `text` undefined when it holds images. */
interface SeenResult {
  id: string;
  chars: number;
  text: string | undefined;
}

function seenResult(block: ToolResultBlock): SeenResult {
  const text = toolResultText(block);
  const chars = text?.length ?? JSON.stringify(block.content ?? "").length;
  return { id: block.tool_use_id, chars, text };
}

/**
 * The groups of results (the user messages between two responses: one API user message, one
 * aggregate budget) that hold a result not decided yet, oldest first. Every result of a group
 * is decided in the request that first sees it, so the walk back from the end stops at the
 * first group that is all decided: the ones before it were settled by earlier requests. (A
 * resumed history has nothing decided, and is walked whole once.)
 */
function undecidedGroups(
  messages: readonly Message[],
  decided: (id: string) => boolean,
): SeenResult[][] {
  const groups: SeenResult[][] = [];
  let group: SeenResult[] = [];
  const close = (): boolean => {
    if (group.length === 0) return true;
    if (group.every((result) => decided(result.id))) return false;
    groups.push(group);
    group = [];
    return true;
  };
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.type === "assistant") {
      if (!close()) return groups.reverse();
      continue;
    }
    if (message.type !== "user" || typeof message.message.content === "string") continue;
    const results = message.message.content.filter(
      (block): block is ToolResultBlock => block.type === "tool_result",
    );
    if (results.length > 0) group = [...results.map(seenResult), ...group];
  }
  close();
  return groups.reverse();
}

/**
 * The tool-result budget, applied to the history before each request (a QueryDeps pipeline
 * step): a result over its tool's cap, or the largest results of a message over the
 * per-message cap, are written to the session folder and replaced by a preview. Each
 * tool_use_id's fate is decided once and re-applied byte for byte, so the prefix the prompt
 * cache holds never changes. Returns the same array when nothing changes.
 */
export function createToolResultBudget(
  options: ToolResultBudgetOptions,
): (messages: Message[]) => Promise<Message[]> {
  const perMessage = options.perMessageChars ?? MAX_TOOL_RESULTS_PER_MESSAGE_CHARS;
  const defaultCap = options.defaultMaxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  const write = options.write ?? writeSpillFile;
  const fates = new Map<string, string | null>();
  /** The fates that replace a result (the ones that spilled). */
  const replacements = new Map<string, string>();

  const capOf = (toolName: string | undefined): number => {
    const tool = toolName === undefined ? undefined : findTool(options.tools(), toolName);
    const toolCap = tool?.maxResultSizeChars ?? defaultCap;
    // Infinity is a tool's promise to bound its own output (Read): never spilled.
    return toolCap === Number.POSITIVE_INFINITY ? toolCap : Math.min(toolCap, defaultCap);
  };

  const spill = async (candidate: Candidate): Promise<string | null> => {
    const safeId = candidate.id.replace(/[^\w-]/g, "_");
    const file = path.join(options.sessionDir, "tool-results", `${safeId}.txt`);
    try {
      await write(file, candidate.text);
    } catch {
      return null;
    }
    return persistedOutputText(candidate.text, file, options.previewBytes ?? PREVIEW_BYTES);
  };

  return async (messages) => {
    const toolUse = toolUseLookup(messages);
    for (const group of undecidedGroups(messages, (id) => fates.has(id))) {
      let total = 0;
      const fresh: Candidate[] = [];
      for (const result of group) {
        const fate = fates.get(result.id);
        if (fate !== undefined) {
          total += fate === null ? result.chars : fate.length;
          continue;
        }
        total += result.chars;
        const cap = capOf(toolUse(result.id)?.name);
        if (result.text !== undefined && cap !== Number.POSITIVE_INFINITY)
          fresh.push({ id: result.id, text: result.text, cap });
        else fates.set(result.id, null);
      }
      fresh.sort((a, b) => b.text.length - a.text.length);
      for (const candidate of fresh) {
        const over = candidate.text.length > candidate.cap || total > perMessage;
        const replacement = over ? await spill(candidate) : null;
        if (replacement !== null) total += replacement.length - candidate.text.length;
        fates.set(candidate.id, replacement);
        if (replacement !== null) replacements.set(candidate.id, replacement);
      }
    }
    // The tool's own output stays: a spilled result is still in the model's view (as a
    // preview), and what reads that output later — the deferred tools a ToolSearch loaded —
    // must still find it.
    return replaceToolResults(messages, replacements);
  };
}
