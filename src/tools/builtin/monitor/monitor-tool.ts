import type { BackgroundShells } from "../../background/background-shells.js";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { BashSandbox } from "../../sandbox/bash-sandbox.js";
import type { Tool } from "../../tool.js";
import { monitorLimits } from "./flood-control.js";
import type { McpMonitorLauncher } from "./mcp-source.js";
import { monitorScript } from "./monitor-sandbox.js";
import { type MonitorEventSink, watchMonitor } from "./monitor-watch.js";
import {
  type MonitorInput,
  type MonitorOutput,
  monitorInputSchema,
  monitorSource,
  monitorTimeout,
} from "./schema.js";

export interface MonitorToolDeps {
  /** The session's background shells (shared with TaskStop and TaskOutput). */
  shells: BackgroundShells;
  /** Where events go (the engine's `deliver`). */
  deliver: MonitorEventSink;
  /** The batching window (default 200 ms). */
  windowMs?: number;
  /** Claude Code's `sandbox` settings: the commands they cover run sandboxed, as Bash's do. */
  sandbox?: BashSandbox;
  /** Told of a watch that failed (its shell is stopped). */
  onError?: (error: unknown) => void;
  /** The session's MCP monitors (keel's `mcp` field); without it `mcp` is refused. */
  mcpMonitors?: McpMonitorLauncher;
}

const DESCRIPTION = `Runs a shell command in the background and tells you each batch of its output lines as they arrive (while you work, or as a new turn when the session is idle). Use it to watch logs, test runners in watch mode, or anything that prints when something happens. It ends when the command exits, at timeout_ms (default 300000, at most 1800000), or on TaskStop with the returned taskId. Long bursts are summarised with a count of the lines left out.

Instead of a command, \`mcp\` watches one of the session's MCP servers: each update of a resource it names (subscribed with resources/subscribe) and each log message the server sends is an event; it ends when the server goes, at timeout_ms, or on TaskStop.`;

/**
 * Monitor of one session: the command runs as a background shell (so TaskStop, TaskOutput,
 * keel ps/logs reach it) and its output is followed as events. Its name answers to Bash's
 * permission rules too (`ruleNamesAlso`), so a command Bash may not run, Monitor may not.
 */
export function createMonitorTool(
  config: BuiltinToolsConfig,
  deps: MonitorToolDeps,
): Tool<MonitorInput, MonitorOutput> {
  const limits = monitorLimits(config.env);
  return {
    name: "Monitor",
    ruleNamesAlso: ["Bash"],
    description: DESCRIPTION,
    inputSchema: monitorInputSchema,
    maxResultSizeChars: 10_000,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    async validateInput(input) {
      const source = monitorSource(input);
      if ("error" in source) return { ok: false, message: source.error };
      if (source.kind === "mcp" && !deps.mcpMonitors) {
        return { ok: false, message: "This session cannot watch MCP servers." };
      }
      return { ok: true };
    },
    async call(input, context) {
      const source = monitorSource(input);
      if ("error" in source) throw new Error(source.error);
      if (source.kind === "mcp") {
        if (!deps.mcpMonitors) throw new Error("This session cannot watch MCP servers.");
        const timeoutMs = monitorTimeout(input);
        const { server, resources, logs } = source;
        const { taskId } = await deps.mcpMonitors.start({
          description: input.description,
          server,
          resources,
          logs,
          timeoutMs,
          limits,
          ...(deps.windowMs ? { windowMs: deps.windowMs } : {}),
        });
        return { data: { taskId, timeoutMs } };
      }
      const { command } = source;
      const script = await monitorScript(command, config, context, deps.sandbox);
      const timeoutMs = monitorTimeout(input);
      const task = await deps.shells.start({
        kind: "monitor",
        command,
        ...(script === command ? {} : { script }),
        description: input.description,
        shell: "bash",
        cwd: config.cwd,
        env: definedEntries(config.env),
      });
      if (task.status === "failed" && task.error !== undefined) {
        throw new Error(`Could not start the monitor in ${config.cwd}: ${task.error}`);
      }
      const watch = {
        taskId: task.id,
        description: input.description,
        outputFile: task.outputFile,
        timeoutMs,
      };
      void watchMonitor(watch, {
        shells: deps.shells,
        deliver: deps.deliver,
        limits,
        ...(deps.windowMs ? { windowMs: deps.windowMs } : {}),
      }).catch(async (error: unknown) => {
        deps.onError?.(error);
        await deps.shells.stop(task.id).catch(() => undefined);
      });
      return { data: { taskId: task.id, timeoutMs } };
    },
    mapToolResult(output, toolUseId) {
      return {
        type: "tool_result",
        tool_use_id: toolUseId,
        content: `Monitor started (task ${output.taskId}, deadline ${output.timeoutMs} ms). Its output will reach you as events; stop it with TaskStop.`,
      };
    },
  };
}

function definedEntries(env: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const defined: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) defined[key] = value;
  return defined;
}
