import { z } from "zod";

/** The default deadline and its cap (Claude Code 2.1.332's). */
export const DEFAULT_MONITOR_TIMEOUT_MS = 300_000;
export const MAX_MONITOR_TIMEOUT_MS = 1_800_000;

/** Monitor's input: Claude Code 2.1.332's fields. */
export const monitorInputSchema = z.strictObject({
  description: z
    .string()
    .min(1)
    .describe(
      "Short human-readable description of what you are monitoring (shown in notifications).",
    ),
  timeout_ms: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Kill the monitor after this deadline. Default 300000ms. Deadlines above 1800000ms are capped to 1800000ms. You are notified at expiry and can re-arm.",
    ),
  command: z
    .string()
    .min(1)
    .optional()
    .describe("Shell command or script. Each stdout line is an event; exit ends the watch."),
  ws: z
    .strictObject({ url: z.string(), protocols: z.array(z.string()).optional() })
    .optional()
    .describe("WebSocket to open (not supported by keel: use command)."),
  mcp: z
    .strictObject({
      server: z
        .string()
        .min(1)
        .describe("The MCP server to watch, by its name in the session's MCP configuration."),
      resources: z
        .array(z.string().min(1))
        .optional()
        .describe(
          "Resource URIs to subscribe to (resources/subscribe); each update of one is an event.",
        ),
      logs: z
        .boolean()
        .optional()
        .describe("Whether the server's log messages are events too (default true)."),
    })
    .optional()
    .describe(
      "keel extension: watch an MCP server's notifications instead of running a command. Ends when the server goes. Cannot be combined with command.",
    ),
});

export type MonitorInput = z.infer<typeof monitorInputSchema>;

/** Monitor's output: Claude Code 2.1.332's fields. */
export interface MonitorOutput {
  taskId: string;
  timeoutMs: number;
  persistent?: boolean;
}

/** What a call watches: a command, or an MCP server's notifications (keel's `mcp` field). */
export type MonitorSource =
  | { kind: "command"; command: string }
  | { kind: "mcp"; server: string; resources: string[]; logs: boolean };

/** The one source a call names, or why the call cannot be run. */
export function monitorSource(input: MonitorInput): MonitorSource | { error: string } {
  const named = [input.command, input.ws, input.mcp].filter((field) => field !== undefined);
  if (named.length > 1) return { error: "give only one of command, ws and mcp" };
  if (input.ws !== undefined) {
    return {
      error:
        "keel's Monitor does not open WebSockets: give a command instead (for example one running websocat).",
    };
  }
  if (input.mcp !== undefined) {
    const { server, resources = [], logs = true } = input.mcp;
    if (resources.length === 0 && !logs) {
      return { error: "mcp watches nothing: name resources, or leave logs on" };
    }
    return { kind: "mcp", server, resources, logs };
  }
  if (input.command === undefined) return { error: "command is required" };
  return { kind: "command", command: input.command };
}

/** The deadline a call asks for, capped. */
export function monitorTimeout(input: MonitorInput): number {
  return Math.min(input.timeout_ms ?? DEFAULT_MONITOR_TIMEOUT_MS, MAX_MONITOR_TIMEOUT_MS);
}
