import type { HookHandlerConfig } from "./config.js";
import type { HttpHookPolicy } from "./http-url-policy.js";
import type { CommandHookRequest, CommandHookResult, runCommandHook } from "./run-command-hook.js";
import { runHttpHook } from "./run-http-hook.js";
import { type CallHookMcpTool, runMcpToolHook } from "./run-mcp-tool-hook.js";
import {
  AGENT_HOOK_SYSTEM,
  type AskHookModel,
  PROMPT_HOOK_SYSTEM,
  runPromptHook,
} from "./run-prompt-hook.js";

/** What every handler type runs with. */
export interface HandlerRunners {
  runCommand: typeof runCommandHook;
  http: HttpHookPolicy;
  /** The small model for prompt hooks; undefined: prompt hooks fail to run, said why. */
  ask: AskHookModel | undefined;
  /** The subagent agent hooks ask; undefined: agent hooks fail to run, said why. */
  askAgent: AskHookModel | undefined;
  /** Calls an MCP server's tool for mcp_tool hooks; undefined: they fail to run, said why. */
  callMcpTool: CallHookMcpTool | undefined;
}

/** One handler's run: the base of a command request plus its timeout. */
export type HandlerRequest = Omit<CommandHookRequest, "command">;

/** Runs one handler of any type and reads how it ended as a command hook's ending. */
export function runHandler(
  hook: HookHandlerConfig,
  request: HandlerRequest,
  runners: HandlerRunners,
): Promise<CommandHookResult> {
  switch (hook.type) {
    case "command":
      return runners.runCommand({
        ...request,
        command: hook.command,
        ...(hook.env ? { env: { ...request.env, ...hook.env } } : {}),
      });
    case "http":
      return runHttpHook({
        hook,
        body: request.stdinJson,
        timeoutMs: request.timeoutMs,
        signal: request.signal,
        policy: runners.http,
        env: request.env,
      });
    case "prompt":
      if (runners.ask === undefined) return notRun("no model is available for prompt hooks");
      return runPromptHook({
        ...asking(hook, request),
        system: PROMPT_HOOK_SYSTEM,
        ask: runners.ask,
      });
    case "agent":
      if (runners.askAgent === undefined) return notRun("no subagent is available for agent hooks");
      return runPromptHook({
        ...asking(hook, request),
        system: AGENT_HOOK_SYSTEM,
        ask: runners.askAgent,
      });
    case "mcp_tool":
      if (runners.callMcpTool === undefined) return notRun("no MCP servers are available here");
      return runMcpToolHook({ ...asking(hook, request), call: runners.callMcpTool });
  }
}

/** What a model- or tool-answered hook takes from the request. */
function asking<H>(hook: H, request: HandlerRequest) {
  return {
    hook,
    inputJson: request.stdinJson,
    timeoutMs: request.timeoutMs,
    signal: request.signal,
  };
}

function notRun(message: string): Promise<CommandHookResult> {
  return Promise.resolve({ kind: "spawn_failed", message });
}
