import type { QueryDeps } from "../loop/params.js";
import type { ToolHooks } from "../tools/hooks.js";
import type { HooksConfig } from "./config.js";
import { describeIssue } from "./config.js";
import { createHookEngine, type HookEngineOptions } from "./engine.js";
import { parseHooksConfig } from "./parse-config.js";
import { stopHooks } from "./stop-hooks.js";
import { toolHooks } from "./tool-hooks.js";

/** The hooks an agent definition declares, for that agent's life only. */
interface AgentScopedHooks {
  tool: ToolHooks;
  stop: NonNullable<QueryDeps["runStopHooks"]>;
}

/** Makes an agent's own hooks from its `hooks` field; `origin` names it in problems. */
export type AgentHooksFactory = (
  hooks: Readonly<Record<string, unknown>>,
  origin: string,
) => AgentScopedHooks;

/** An agent's `Stop` hooks run when it stops, which is SubagentStop (Claude Code's rule). */
export function subagentScopedConfig(config: HooksConfig): HooksConfig {
  const { Stop, ...rest } = config;
  if (!Stop) return config;
  return { ...rest, SubagentStop: [...(rest.SubagentStop ?? []), ...Stop] };
}

/**
 * The factory of agents' own hooks: each agent's `hooks` checked as a settings file's are
 * (problems told, broken entries left out) and run by an engine of their own, with the
 * session's other engine options (session id, folder, environment, notices).
 */
export function agentHooksFactory(
  base: Omit<HookEngineOptions, "config">,
  warn: (text: string) => void,
): AgentHooksFactory {
  return (hooks, origin) => {
    const parsed = parseHooksConfig(hooks, { file: origin });
    for (const issue of [...parsed.errors, ...parsed.warnings]) warn(describeIssue(issue));
    const engine = createHookEngine({ ...base, config: subagentScopedConfig(parsed.hooks) });
    return { tool: toolHooks(engine), stop: stopHooks(engine) };
  };
}
