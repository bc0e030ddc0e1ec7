import type { CallModel } from "../loop/params.js";
import { ModelError } from "../model/errors.js";
import type { ModelRequest } from "../model/provider.js";
import { textOf } from "../protocol/content.js";
import type { Message } from "../protocol/messages.js";
import { COMPACT_SYSTEM_PROMPT, compactPrompt, formatCompactSummary } from "./compact-prompt.js";
import { contextWindowFor } from "./limits.js";
import { groupApiRounds } from "./rounds.js";
import { CHARS_PER_TOKEN } from "./tokens.js";
import { transcriptText } from "./transcript-text.js";

/** Claude Code's cap on a summary's length. */
export const MAX_SUMMARY_OUTPUT_TOKENS = 20_000;
/** Attempts at a summary request that the API says is too long. */
export const MAX_SUMMARY_PTL_ATTEMPTS = 3;
/** Room kept for the prompt, the system prompt and estimation error. */
const REQUEST_MARGIN_TOKENS = 4_000;

/** A compaction that could not be done; the message is for the user. */
export class CompactionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CompactionError";
  }
}

/** What the summariser needs. */
export interface SummariserDeps {
  callModel: CallModel;
  /** The model that writes the summary. */
  model: () => string;
  maxSummaryTokens?: number;
  /** The summariser's window in tokens (default: its model's). */
  summaryWindowOverride?: number;
}

/** A written summary and how many of the oldest rounds it could not see. */
export interface SummaryOutcome {
  summary: string;
  droppedRounds: number;
}

/** The transcript tokens of each round (rounds are cut whole, never a tool pair apart). */
function roundTokens(rounds: ReadonlyArray<{ messages: Message[] }>): number[] {
  return rounds.map((r) => Math.ceil((transcriptText(r.messages).length + 2) / CHARS_PER_TOKEN));
}

/** How many of the oldest rounds to drop so the rest costs at most `budget` tokens. */
export function roundsToDrop(tokens: readonly number[], budget: number, atLeast = 0): number {
  let total = tokens.reduce((a, b) => a + b, 0);
  let drop = 0;
  while (drop < tokens.length && (drop < atLeast || total > budget)) total -= tokens[drop++]!;
  return drop;
}

/** How one summary is asked for: its signal, and the agent whose history it sums up. */
export interface SummaryRequestOptions {
  signal: AbortSignal;
  /** A subagent's name, sent with the request (x-keel-agent); the main thread when absent. */
  agent?: string;
}

async function requestSummary(
  deps: SummariserDeps,
  transcript: string,
  prompt: string,
  options: SummaryRequestOptions,
): Promise<string> {
  const request: ModelRequest = {
    model: deps.model(),
    system: COMPACT_SYSTEM_PROMPT,
    messages: [
      { role: "user", content: `<transcript>\n${transcript}\n</transcript>\n\n${prompt}` },
    ],
    maxTokens: deps.maxSummaryTokens ?? MAX_SUMMARY_OUTPUT_TOKENS,
    kind: "compact",
    ...(options.agent === undefined ? {} : { agent: options.agent }),
  };
  let text = "";
  const signal = options.signal;
  for await (const event of deps.callModel(request, signal, { hasFallbackModel: false })) {
    if (event.type === "response") text = textOf(event.response.content);
  }
  return text;
}

/** Fewer rounds after a prompt-too-long: cover the reported gap, else a fifth of them. */
function dropAfterTooLong(error: ModelError, tokens: readonly number[], dropped: number): number {
  const info = error.info;
  const rest = tokens.slice(dropped);
  if (info.kind === "prompt_too_long" && info.actualTokens && info.limitTokens) {
    const kept = rest.reduce((a, b) => a + b, 0);
    const target = kept - (info.actualTokens - info.limitTokens) - REQUEST_MARGIN_TOKENS;
    return dropped + roundsToDrop(rest, target, 1);
  }
  return dropped + Math.max(1, Math.ceil(rest.length / 5));
}

/**
 * Asks the model for a summary of a conversation. The request must fit the summariser's
 * window: the oldest rounds are left out first (the prompt says so), and a prompt-too-long
 * answer drops more, up to three attempts. Throws CompactionError when no summary comes.
 */
export async function summarise(
  deps: SummariserDeps,
  messages: readonly Message[],
  options: SummaryRequestOptions & { instructions?: string },
): Promise<SummaryOutcome> {
  const rounds = groupApiRounds(messages);
  if (rounds.length === 0) throw new CompactionError("Not enough messages to compact.");
  const tokens = roundTokens(rounds);
  const window = contextWindowFor(deps.model(), { override: deps.summaryWindowOverride });
  const budget =
    window - (deps.maxSummaryTokens ?? MAX_SUMMARY_OUTPUT_TOKENS) - REQUEST_MARGIN_TOKENS;
  // The newest round is always tried: its results are cut to size in the transcript.
  let dropped = Math.min(roundsToDrop(tokens, budget), rounds.length - 1);
  for (let attempt = 1; attempt <= MAX_SUMMARY_PTL_ATTEMPTS; attempt++) {
    if (dropped >= rounds.length) break;
    const transcript = transcriptText(rounds.slice(dropped).flatMap((r) => r.messages));
    const prompt = compactPrompt({ droppedRounds: dropped, instructions: options.instructions });
    try {
      const raw = await requestSummary(deps, transcript, prompt, options);
      const summary = formatCompactSummary(raw);
      if (summary === "" || summary.startsWith("API Error")) {
        throw new CompactionError("The summary request returned no summary.");
      }
      return { summary, droppedRounds: dropped };
    } catch (error) {
      if (!(error instanceof ModelError) || error.kind !== "prompt_too_long")
        throw asCompactionError(error);
      dropped = dropAfterTooLong(error, tokens, dropped);
    }
  }
  throw new CompactionError(
    "Conversation too long to summarise, even after leaving out its oldest rounds.",
  );
}

function asCompactionError(error: unknown): CompactionError {
  if (error instanceof CompactionError) return error;
  if (error instanceof ModelError && error.kind === "aborted") {
    return new CompactionError("Compaction interrupted: the request was aborted.", {
      cause: error,
    });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new CompactionError(`Compaction failed: ${detail}`, { cause: error });
}
