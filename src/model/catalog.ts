import { CONTEXT_1M_WINDOW, splitContext1m } from "./context-1m.js";
import { anthropicModelIdOf } from "./platform-model-id.js";

/** What keel knows about a model: its window, its output cap, its list prices. */
export interface ModelInfo {
  id: string;
  contextWindow: number;
  maxOutputTokens: number;
  /** USD per million tokens; cache writes cost 1.25× input, cache reads 0.1× input. */
  pricing: { inputPerMTok: number; outputPerMTok: number };
}

/** The model keel uses when none is named. */
export const DEFAULT_MODEL = "claude-sonnet-5";

/** The small model for side work (tool-use summaries); off unless enabled. */
export const SMALL_MODEL = "claude-haiku-4-5";

/** The window assumed for a model keel does not know (overridable by the caller). */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/** Requests ask for at most this many output tokens unless the user sets more. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 32_000;

/** The output cap assumed for a model keel does not know. */
export const UNKNOWN_MODEL_MAX_OUTPUT_TOKENS = 32_000;

const KNOWN_MODELS: readonly ModelInfo[] = [
  model("claude-opus-5-5", 1_000_000, 128_000, 4, 20),
  model("claude-sonnet-5", 1_000_000, 64_000, 2, 10),
  model("claude-haiku-4-5", 200_000, 32_000, 1, 5),
  model("claude-opus-4-6", 200_000, 64_000, 5, 25),
  model("claude-sonnet-4-6", 200_000, 32_000, 3, 15),
];

function model(
  id: string,
  contextWindow: number,
  maxOutputTokens: number,
  inputPerMTok: number,
  outputPerMTok: number,
): ModelInfo {
  return { id, contextWindow, maxOutputTokens, pricing: { inputPerMTok, outputPerMTok } };
}

/** The ids of the models keel knows (their windows and prices), newest families first. */
export function knownModelIds(): string[] {
  return KNOWN_MODELS.map((m) => m.id);
}

/** Short names people type (`--model sonnet`), as Claude Code accepts them. */
export const MODEL_ALIASES: Readonly<Record<string, string>> = {
  opus: "claude-opus-5-5",
  sonnet: "claude-sonnet-5",
  haiku: "claude-haiku-4-5",
};

/** The full id for an alias (`opus[1m]` keeps its suffix); any other id unchanged. */
export function resolveModelAlias(id: string): string {
  const { id: base, context1m } = splitContext1m(id);
  const full = MODEL_ALIASES[base] ?? base;
  return context1m ? `${full}[1m]` : full;
}

/**
 * The catalogue entry for a model id, also for dated ids (`claude-haiku-4-5-20251001`), Bedrock's
 * and Vertex AI's ids for the same model (platform-model-id.ts) and `[1m]` ones (the same model and price, with the 1M window); undefined when keel does not
 * know the model.
 */
export function findModel(id: string): ModelInfo | undefined {
  const { id: wire, context1m } = splitContext1m(id);
  const base = anthropicModelIdOf(wire).replace(/-\d{8}$/, "");
  const info = KNOWN_MODELS.find((m) => m.id === base);
  return info && context1m ? { ...info, contextWindow: CONTEXT_1M_WINDOW } : info;
}

/** The max_tokens a request asks for: the user's setting, else 32k, never above the model's cap. */
export function requestMaxTokens(id: string, userSetting?: number): number {
  const cap = findModel(id)?.maxOutputTokens ?? UNKNOWN_MODEL_MAX_OUTPUT_TOKENS;
  return Math.min(userSetting ?? DEFAULT_MAX_OUTPUT_TOKENS, cap);
}
