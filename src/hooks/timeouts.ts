import type { HookHandlerConfig } from "./config.js";
import type { HookEvent } from "./events.js";

/** Claude Code's default timeout per handler type, in seconds (contracts §6). */
const DEFAULT_SECONDS: Record<HookHandlerConfig["type"], number> = {
  command: 600,
  http: 600,
  mcp_tool: 600,
  prompt: 30,
  agent: 60,
};

/** SessionEnd hooks share a short budget, as in Claude Code (the session is closing). */
export const SESSION_END_BUDGET_MS = 1_500;

/** UserPromptSubmit hooks hold up the prompt: Claude Code lowers their default to 30 s. */
const USER_PROMPT_SUBMIT_SECONDS = 30;

/**
 * A hook's timeout in ms: its own `timeout`, else its type's default (UserPromptSubmit at most
 * 30 s); SessionEnd never waits past its budget (CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS).
 */
export function hookTimeoutMs(
  hook: HookHandlerConfig,
  event: HookEvent,
  env: Readonly<Record<string, string | undefined>>,
): number {
  let seconds = hook.timeout ?? DEFAULT_SECONDS[hook.type];
  if (hook.timeout === undefined && event === "UserPromptSubmit") {
    seconds = Math.min(seconds, USER_PROMPT_SUBMIT_SECONDS);
  }
  const ms = seconds * 1000;
  if (event !== "SessionEnd") return ms;
  return Math.min(ms, sessionEndBudgetMs(env));
}

function sessionEndBudgetMs(env: Readonly<Record<string, string | undefined>>): number {
  const value = Number(env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : SESSION_END_BUDGET_MS;
}
