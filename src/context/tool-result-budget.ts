import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Message } from "../protocol/messages.js";
import { type AnyTool, findTool } from "../tools/tool.js";
import { PREVIEW_BYTES, persistedOutputText } from "./persisted-output.js";
import { toolUseLookup } from "./rounds.js";
import { replaceToolResults, toolResultRefs, toolResultText } from "./tool-results.js";

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

/** The user messages between two responses: one API user message, one aggregate budget. */
function groupsOfResults(messages: readonly Message[]): SeenResult[][] {
  const groups: SeenResult[][] = [[]];
  let lastIndex = -1;
  for (const ref of toolResultRefs(messages)) {
    const between = messages.slice(lastIndex + 1, ref.messageIndex);
    if (between.some((m) => m.type === "assistant")) groups.push([]);
    lastIndex = ref.messageIndex;
    const text = toolResultText(ref.block);
    const chars = text?.length ?? JSON.stringify(ref.block.content ?? "").length;
    groups.at(-1)!.push({ id: ref.block.tool_use_id, chars, text });
  }
  return groups.filter((g) => g.length > 0);
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
    for (const group of groupsOfResults(messages)) {
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
      }
    }
    const replacements = new Map<string, string>();
    for (const [id, fate] of fates) if (fate !== null) replacements.set(id, fate);
    return replaceToolResults(messages, replacements);
  };
}
