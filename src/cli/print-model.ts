import { withAliasesFromEnv } from "../model/alias-env.js";
import { DEFAULT_MODEL, findModel, requestMaxTokens } from "../model/catalog.js";
import { parseModelString } from "../model/model-string.js";
import type { ModelProvider } from "../model/provider.js";
import { type RetryOptions, retryOptionsFromEnv } from "../model/retry.js";
import { apiKeySource, createProvider } from "../model/select.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import { UsageError } from "./usage-error.js";

/** The model side of a CLI session, resolved from flags, environment and settings. */
export interface PrintModel {
  provider: ModelProvider;
  model: string;
  fallbackModel?: string;
  maxOutputTokens: number;
  escalatedMaxOutputTokens?: number;
  apiKeySource: string;
  retry: Partial<RetryOptions>;
  maxToolUseConcurrency: number;
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    throw new UsageError(`${name} must be a positive integer, got "${value}"`);
  }
  return n;
}

/**
 * The io with the settings' `env` over the process's, as Claude Code applies it: the model
 * variables (ANTHROPIC_MODEL, ANTHROPIC_BASE_URL, CLAUDE_CODE_MAX_OUTPUT_TOKENS…) come from it.
 */
export function withSettingsEnv(io: CliIo, env: Readonly<Record<string, string>>): CliIo {
  return { ...io, env: { ...io.env, ...env } };
}

/** The settings a session's model depends on. */
export interface ModelSettings {
  model?: string;
  apiKeyHelper?: string;
}

/** The model a session runs on: --model, then ANTHROPIC_MODEL, then the settings' model. */
export async function printModel(
  options: CliOptions,
  io: CliIo,
  settings: ModelSettings,
): Promise<PrintModel> {
  const maxOutput = positiveInt(
    "CLAUDE_CODE_MAX_OUTPUT_TOKENS",
    io.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS,
  );
  const concurrency =
    positiveInt(
      "CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY",
      io.env.CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY,
    ) ?? 10;
  const selection = parseModelString(
    withAliasesFromEnv(options.model ?? io.env.ANTHROPIC_MODEL ?? settings.model, io.env) ??
      DEFAULT_MODEL,
  );
  const fallback =
    options.fallbackModel === undefined
      ? undefined
      : parseModelString(
          withAliasesFromEnv(options.fallbackModel, io.env) ?? options.fallbackModel,
        );
  if (fallback && fallback.model === selection.model) {
    throw new UsageError("--fallback-model must differ from the main model");
  }
  if (options.maxBudgetUsd !== undefined && !findModel(selection.model)) {
    throw new UsageError(
      `--max-budget-usd cannot be used with ${selection.model}: keel does not know its price, so the budget could never be reached`,
    );
  }
  const cap = findModel(selection.model)?.maxOutputTokens;
  const auth = settings.apiKeyHelper ? { apiKeyHelper: settings.apiKeyHelper, cwd: io.cwd } : {};
  return {
    provider: await createProvider(selection, io.env, options.betas, auth),
    model: selection.model,
    ...(fallback ? { fallbackModel: fallback.model } : {}),
    maxOutputTokens: requestMaxTokens(selection.model, maxOutput),
    ...(maxOutput === undefined && cap !== undefined ? { escalatedMaxOutputTokens: cap } : {}),
    apiKeySource: apiKeySource(selection, io.env, auth),
    retry: retryOptionsFromEnv(io.env),
    maxToolUseConcurrency: concurrency,
  };
}
