import { EFFORT_LEVELS, type EffortLevel } from "../protocol/api.js";

/** How a model takes thinking and effort (test/fixtures/anthropic/effort-requests/README.md). */
export interface ThinkingSupport {
  /** It takes `thinking: {type: "adaptive"}`; otherwise thinking needs `budget_tokens`. */
  adaptive: boolean;
  /** The `output_config.effort` levels it takes (none: effort is not sent). */
  effortLevels: readonly EffortLevel[];
}

const ALL_LEVELS = EFFORT_LEVELS;
const NO_XHIGH: readonly EffortLevel[] = ["low", "medium", "high", "max"];

const KNOWN: Readonly<Record<string, ThinkingSupport>> = {
  "claude-opus-5-5": { adaptive: true, effortLevels: ALL_LEVELS },
  "claude-sonnet-5": { adaptive: true, effortLevels: ALL_LEVELS },
  "claude-opus-4-6": { adaptive: true, effortLevels: NO_XHIGH },
  "claude-sonnet-4-6": { adaptive: true, effortLevels: NO_XHIGH },
  "claude-haiku-4-5": { adaptive: false, effortLevels: [] },
};

/**
 * What a model takes, by id (dated ids as their base). A model keel does not know is taken to
 * be a current one, as Claude Code takes an unknown first-party model: adaptive, every level.
 */
export function thinkingSupport(model: string): ThinkingSupport {
  return KNOWN[model.replace(/-\d{8}$/, "")] ?? { adaptive: true, effortLevels: ALL_LEVELS };
}

/**
 * The level a model gets for the one asked: the same when it takes it, else the highest it
 * takes below it (`max` on a model without it is sent as `high`); undefined when it takes none.
 */
export function supportedEffort(
  support: ThinkingSupport,
  asked: EffortLevel,
): EffortLevel | undefined {
  const rank = EFFORT_LEVELS.indexOf(asked);
  return [...support.effortLevels].reverse().find((level) => EFFORT_LEVELS.indexOf(level) <= rank);
}
