import type { TaskStatus } from "../../background/task-status.js";
import type { MonitorLimits } from "./flood-control.js";

/**
 * What a Monitor watching an MCP server (a `monitor_mcp` task) needs from the session: the
 * server's notices, and a launcher that runs such monitors as tasks. The mcp/ layer provides
 * the first, tasks/ the second; this file only names their shapes.
 */

/** What a server told the session on its own: a resource update, a log message, or its going. */
export type McpServerNotice =
  | { type: "resource_updated"; uri: string }
  | { type: "log"; level: string; logger?: string; data: unknown }
  | { type: "gone"; why: string };

/** Who hears a server's notices. */
export type McpNoticeListener = (notice: McpServerNotice) => void;

/** What a monitor watches on a server: the resources it subscribes to. */
export interface McpWatchRequest {
  server: string;
  resources: readonly string[];
}

/** An open watch on a server; `close` unsubscribes (when it still can) and stops hearing. */
export interface McpServerWatch {
  close(): Promise<void>;
}

/** The session's MCP servers as monitors reach them. */
export interface McpNotificationAccess {
  /**
   * Hears the server's notices, then subscribes to each resource (resources/subscribe); throws
   * a clear error, leaving nothing subscribed, when the server is unknown, not connected, or
   * cannot subscribe.
   */
  watch(request: McpWatchRequest, listener: McpNoticeListener): Promise<McpServerWatch>;
}

/** One `monitor_mcp` to start. */
export interface McpMonitorRequest {
  description: string;
  server: string;
  resources: readonly string[];
  /** Whether the server's log messages (notifications/message) are events too. */
  logs: boolean;
  timeoutMs: number;
  /** Flood control, as for a command's events. */
  limits: MonitorLimits;
  /** The batching window (default 200 ms). */
  windowMs?: number;
}

/** A `monitor_mcp` as TaskStop reports it (`type` tells it from a shell's state). */
export interface McpMonitorState {
  type: "monitor_mcp";
  id: string;
  description: string;
  server: string;
  status: TaskStatus;
}

/** What stopping a `monitor_mcp` did. */
export interface McpMonitorStopOutcome {
  outcome: "stopped" | "already_ended";
  state: McpMonitorState;
}

/** The session's `monitor_mcp` tasks: started by Monitor, stopped by TaskStop. */
export interface McpMonitorLauncher {
  /** Starts watching; throws a clear error when the server cannot be watched. */
  start(request: McpMonitorRequest): Promise<{ taskId: string }>;
  /** The ids of this session's MCP monitors, oldest first. */
  ids(): string[];
  /** Stops one; undefined when the id names none of them. */
  stop(id: string): Promise<McpMonitorStopOutcome | undefined>;
}
