import type { HookHandlerConfig } from "./config.js";
import type { HttpHookPolicy } from "./http-url-policy.js";
import type { CommandHookRequest, CommandHookResult, runCommandHook } from "./run-command-hook.js";
import { runHttpHook } from "./run-http-hook.js";
import { type AskHookModel, runPromptHook } from "./run-prompt-hook.js";

/** What every handler type runs with. */
export interface HandlerRunners {
  runCommand: typeof runCommandHook;
  http: HttpHookPolicy;
  /** The small model for prompt hooks; undefined: prompt hooks fail to run, said why. */
  ask: AskHookModel | undefined;
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
      return runners.runCommand({ ...request, command: hook.command });
    case "http":
      return runHttpHook({
        hook,
        body: request.stdinJson,
        timeoutMs: request.timeoutMs,
        signal: request.signal,
        policy: runners.http,
        env: request.env,
      });
    case "prompt": {
      if (runners.ask === undefined) return notRun("no model is available for prompt hooks");
      return runPromptHook({
        hook,
        inputJson: request.stdinJson,
        timeoutMs: request.timeoutMs,
        signal: request.signal,
        ask: runners.ask,
      });
    }
    case "agent":
    case "mcp_tool":
      return notRun(`"${hook.type}" hooks are not run by keel yet`);
  }
}

function notRun(message: string): Promise<CommandHookResult> {
  return Promise.resolve({ kind: "spawn_failed", message });
}
