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
});

export type MonitorInput = z.infer<typeof monitorInputSchema>;

/** Monitor's output: Claude Code 2.1.332's fields. */
export interface MonitorOutput {
  taskId: string;
  timeoutMs: number;
  persistent?: boolean;
}

/** The deadline a call asks for, capped. */
export function monitorTimeout(input: MonitorInput): number {
  return Math.min(input.timeout_ms ?? DEFAULT_MONITOR_TIMEOUT_MS, MAX_MONITOR_TIMEOUT_MS);
}
