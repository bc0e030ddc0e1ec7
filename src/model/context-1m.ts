/**
 * Claude Code's `[1m]` model suffix (`opus[1m]`, `claude-sonnet-4-6[1m]`): the model with the
 * 1M-token context window. The suffix stays on keel's model string (as Claude Code shows it);
 * the API gets the id without it and the beta that turns the window on.
 */
const SUFFIX = /\[1m\]$/i;

/** The beta Claude Code sends for the 1M-token window. */
export const CONTEXT_1M_BETA = "context-1m-2025-08-07";

/** The window a `[1m]` model has. */
export const CONTEXT_1M_WINDOW = 1_000_000;

/** A model string split into the id the API knows and whether `[1m]` asked for the 1M window. */
export interface Context1mSplit {
  id: string;
  context1m: boolean;
}

/** Splits `claude-opus-5-5[1m]` into `claude-opus-5-5` and the 1M request. */
export function splitContext1m(model: string): Context1mSplit {
  return SUFFIX.test(model)
    ? { id: model.replace(SUFFIX, ""), context1m: true }
    : { id: model, context1m: false };
}

/** The `anthropic-beta` list for a request: the session's betas, plus the 1M beta when asked. */
export function betasFor(model: string, betas: readonly string[] = []): string[] {
  const wanted = splitContext1m(model).context1m ? [...betas, CONTEXT_1M_BETA] : [...betas];
  return [...new Set(wanted)];
}
