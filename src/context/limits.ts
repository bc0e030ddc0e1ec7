import { z } from "zod";
import {
  DEFAULT_CONTEXT_WINDOW,
  findModel,
  UNKNOWN_MODEL_MAX_OUTPUT_TOKENS,
} from "../model/catalog.js";
import type { Message } from "../protocol/messages.js";
import { contextTokens } from "./tokens.js";

/** The output reserved for a summary, whatever the model's cap (Claude Code's 20k). */
export const SUMMARY_OUTPUT_RESERVE = 20_000;
/** Auto-compaction starts this far below the effective window. */
export const AUTOCOMPACT_BUFFER_TOKENS = 13_000;
/** Requests stop this far below the effective window. */
export const BLOCKING_BUFFER_TOKENS = 3_000;

/** Settings of the context budget; every field overridable (tests use small windows). */
export interface ContextBudgetSettings {
  /** Replaces the model's window (KEEL_CONTEXT_WINDOW). */
  windowOverride?: number;
  outputReserve?: number;
  autocompactBuffer?: number;
  blockingBuffer?: number;
}

/** The token limits of one model's context. */
export interface ContextLimits {
  window: number;
  /** The window less the output reserved for a response. */
  effective: number;
  /** Auto-compaction runs at or above this many tokens. */
  autocompactThreshold: number;
  /** Requests are refused at or above this many tokens. */
  blockingLimit: number;
}

/** The context window of a model: the override, else the catalogue's, else 200k. */
export function contextWindowFor(model: string, options: { override?: number } = {}): number {
  return options.override ?? findModel(model)?.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
}

/** The limits of a model's context under some settings. */
export function contextLimits(model: string, settings: ContextBudgetSettings = {}): ContextLimits {
  const window = contextWindowFor(model, { override: settings.windowOverride });
  const maxOutput = findModel(model)?.maxOutputTokens ?? UNKNOWN_MODEL_MAX_OUTPUT_TOKENS;
  const effective = window - Math.min(maxOutput, settings.outputReserve ?? SUMMARY_OUTPUT_RESERVE);
  return {
    window,
    effective,
    autocompactThreshold: effective - (settings.autocompactBuffer ?? AUTOCOMPACT_BUFFER_TOKENS),
    blockingLimit: effective - (settings.blockingBuffer ?? BLOCKING_BUFFER_TOKENS),
  };
}

/** QueryDeps.isAtBlockingLimit: true when the context has reached the model's hard limit. */
export function createIsAtBlockingLimit(
  settings: ContextBudgetSettings = {},
): (messages: readonly Message[], model: string) => boolean {
  return (messages, model) =>
    contextTokens(messages) >= contextLimits(model, settings).blockingLimit;
}

/** The context settings the environment gives. */
export interface ContextEnvSettings {
  windowOverride?: number;
  autoCompactDisabled: boolean;
}

const envSchema = z.object({
  KEEL_CONTEXT_WINDOW: z.coerce.number().int().positive().optional(),
  DISABLE_AUTO_COMPACT: z.string().optional(),
  DISABLE_COMPACT: z.string().optional(),
});

function truthy(value: string | undefined): boolean {
  return value !== undefined && !["", "0", "false", "no", "off"].includes(value.toLowerCase());
}

/**
 * Reads KEEL_CONTEXT_WINDOW and DISABLE_AUTO_COMPACT (or DISABLE_COMPACT) from an environment;
 * a malformed window is ignored rather than fatal.
 */
export function contextSettingsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): ContextEnvSettings {
  const window = envSchema.shape.KEEL_CONTEXT_WINDOW.safeParse(env.KEEL_CONTEXT_WINDOW);
  const parsed = envSchema.omit({ KEEL_CONTEXT_WINDOW: true }).parse(env);
  return {
    ...(window.success && window.data !== undefined ? { windowOverride: window.data } : {}),
    autoCompactDisabled: truthy(parsed.DISABLE_AUTO_COMPACT) || truthy(parsed.DISABLE_COMPACT),
  };
}
