import { z } from "zod";
import type { McpServerNotice } from "../tools/builtin/monitor/mcp-source.js";

export type { McpNoticeListener, McpServerNotice } from "../tools/builtin/monitor/mcp-source.js";

const resourceUpdated = z.object({
  method: z.literal("notifications/resources/updated"),
  params: z.looseObject({ uri: z.string() }),
});

const logMessage = z.object({
  method: z.literal("notifications/message"),
  params: z.looseObject({
    level: z.string(),
    logger: z.string().optional(),
    data: z.unknown(),
  }),
});

/**
 * A notification the server sent, checked (it comes from another program): a resource update
 * or a log message; anything else, or either of them malformed, is undefined.
 */
export function serverNotice(notification: unknown): McpServerNotice | undefined {
  const updated = resourceUpdated.safeParse(notification);
  if (updated.success) return { type: "resource_updated", uri: updated.data.params.uri };
  const log = logMessage.safeParse(notification);
  if (!log.success) return undefined;
  const { level, logger, data } = log.data.params;
  return { type: "log", level, ...(logger === undefined ? {} : { logger }), data };
}
