import { splitContext1m } from "./context-1m.js";
import type { Env } from "./select.js";

/** The variables that say what each alias stands for (Claude Code's, for pinning cloud model ids). */
const ALIAS_VARIABLES: Readonly<Record<string, string>> = {
  opus: "ANTHROPIC_DEFAULT_OPUS_MODEL",
  sonnet: "ANTHROPIC_DEFAULT_SONNET_MODEL",
  haiku: "ANTHROPIC_DEFAULT_HAIKU_MODEL",
};

/**
 * A model string with `opus`, `sonnet` or `haiku` (`[1m]` kept) replaced by the id its
 * ANTHROPIC_DEFAULT_*_MODEL variable names; with no model named, ANTHROPIC_DEFAULT_SONNET_MODEL
 * when set (the default model is a Sonnet). Otherwise the string unchanged (undefined stays so).
 */
export function withAliasesFromEnv(model: string | undefined, env: Env): string | undefined {
  const alias = model === undefined ? "sonnet" : splitContext1m(model.trim()).id;
  const pinned = ALIAS_VARIABLES[alias] ? env[ALIAS_VARIABLES[alias]]?.trim() : undefined;
  if (!pinned) return model;
  return model !== undefined && splitContext1m(model.trim()).context1m ? `${pinned}[1m]` : pinned;
}
