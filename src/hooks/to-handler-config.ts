import type { z } from "zod";
import type { HookHandlerCommon, HookHandlerConfig } from "./config.js";
import type { handlerSchema } from "./config-schema.js";

type ParsedHandler = z.infer<typeof handlerSchema>;

/** Says, naming the key, what keel does instead of what the settings asked. */
export type HandlerWarn = (key: string, message: string) => void;

function commonOf(handler: ParsedHandler): HookHandlerCommon {
  const common: HookHandlerCommon = {};
  if (handler.timeout !== undefined) common.timeout = handler.timeout;
  if (handler.if !== undefined) common.if = handler.if;
  if (handler.statusMessage !== undefined) common.statusMessage = handler.statusMessage;
  if (handler.once !== undefined) common.once = handler.once;
  return common;
}

/**
 * A checked handler as the engine runs it, or undefined (with a warning naming the key) for a
 * handler keel accepts but cannot run: another shell, exec form.
 */
export function toHandlerConfig(
  handler: ParsedHandler,
  warn: HandlerWarn,
): HookHandlerConfig | undefined {
  const common = commonOf(handler);
  switch (handler.type) {
    case "command": {
      if (handler.shell !== undefined && handler.shell !== "bash") {
        warn("shell", `shell "${handler.shell}" is not available in keel; this hook is not run`);
        return undefined;
      }
      if (handler.args !== undefined) {
        warn("args", "exec-form hooks (args) are not run by keel yet; this hook is not run");
        return undefined;
      }
      if (handler.asyncRewake === true) {
        warn("asyncRewake", "asyncRewake is not supported by keel; the hook runs as async");
      }
      const async = handler.async === true || handler.asyncRewake === true;
      return { type: "command", command: handler.command, ...common, ...(async ? { async } : {}) };
    }
    case "http":
      return {
        type: "http",
        url: handler.url,
        ...common,
        ...(handler.headers ? { headers: handler.headers } : {}),
        ...(handler.allowedEnvVars ? { allowedEnvVars: handler.allowedEnvVars } : {}),
      };
    case "prompt":
      return {
        type: "prompt",
        prompt: handler.prompt,
        ...common,
        ...(handler.model ? { model: handler.model } : {}),
        ...(handler.continueOnBlock === undefined
          ? {}
          : { continueOnBlock: handler.continueOnBlock }),
      };
    case "agent":
      return {
        type: "agent",
        prompt: handler.prompt,
        ...common,
        ...(handler.model ? { model: handler.model } : {}),
      };
    case "mcp_tool":
      return {
        type: "mcp_tool",
        server: handler.server,
        tool: handler.tool,
        ...common,
        ...(handler.input ? { input: handler.input } : {}),
      };
  }
}
