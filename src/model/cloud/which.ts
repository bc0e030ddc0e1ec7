import type { Env } from "../select.js";

/** The cloud platforms that serve Anthropic's models through Anthropic's own packages. */
export type CloudPlatform = "bedrock" | "vertex" | "foundry";

/** Claude Code's switches, in the order it checks them. */
const SWITCHES: readonly (readonly [CloudPlatform, string])[] = [
  ["bedrock", "CLAUDE_CODE_USE_BEDROCK"],
  ["vertex", "CLAUDE_CODE_USE_VERTEX"],
  ["foundry", "CLAUDE_CODE_USE_FOUNDRY"],
];

/** A variable set to `1`, `true`, `yes` or `on` (any case), as Claude Code reads its switches. */
export function isEnvTruthy(value: string | undefined): boolean {
  return ["1", "true", "yes", "on"].includes(value?.trim().toLowerCase() ?? "");
}

/** A set, non-blank variable, trimmed; blank counts as unset. */
export function envSetting(env: Env, name: string): string | undefined {
  const trimmed = env[name]?.trim();
  return trimmed ? trimmed : undefined;
}

/** The platform the environment selects for Anthropic models, if any (Bedrock first). */
export function cloudPlatformOf(env: Env): CloudPlatform | undefined {
  return SWITCHES.find(([, name]) => isEnvTruthy(env[name]))?.[0];
}
