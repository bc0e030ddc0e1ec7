import { eventText, type MonitorLimits } from "./flood-control.js";
import type { McpServerNotice } from "./mcp-source.js";
import type { MonitorEventSink } from "./monitor-watch.js";

/** One MCP monitor to follow: its task, what it listens for, and its deadline. */
export interface McpMonitorWatchInput {
  taskId: string;
  description: string;
  server: string;
  resources: readonly string[];
  logs: boolean;
  timeoutMs: number;
}

export interface McpMonitorWatchDeps {
  deliver: MonitorEventSink;
  limits: MonitorLimits;
  /** Keeps a window's lines in the task's output log (whole, before flood control). */
  record: (lines: readonly string[]) => void;
  /** The batching window (default 200 ms, as for a command's output). */
  windowMs?: number;
}

/** Why an MCP monitor ended, as told to the model. */
export type McpMonitorEnd =
  | { kind: "stopped" }
  | { kind: "deadline"; timeoutMs: number }
  | { kind: "budget"; maxTotalChars: number }
  | { kind: "server_gone"; why: string };

/** A notice as the line the model reads; undefined for one this monitor does not watch. */
export function noticeLine(
  notice: McpServerNotice,
  watching: Pick<McpMonitorWatchInput, "resources" | "logs">,
): string | undefined {
  if (notice.type === "resource_updated") {
    return watching.resources.includes(notice.uri) ? `resource updated: ${notice.uri}` : undefined;
  }
  if (notice.type !== "log" || !watching.logs) return undefined;
  const data = typeof notice.data === "string" ? notice.data : JSON.stringify(notice.data);
  return `log ${notice.level}${notice.logger ? ` ${notice.logger}` : ""}: ${data}`;
}

/**
 * Follows one MCP monitor: the lines heard within a window become one event (flood-controlled),
 * the deadline, the output budget, the server's going or `stop` end it, and the end is one last
 * event. `ended` settles with why, once the end was told.
 */
export class McpMonitorWatch {
  readonly ended: Promise<McpMonitorEnd>;
  private pending: string[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly deadline: NodeJS.Timeout;
  private told = 0;
  private finish: (end: McpMonitorEnd) => void = () => {};
  private done = false;

  constructor(
    private readonly input: McpMonitorWatchInput,
    private readonly deps: McpMonitorWatchDeps,
  ) {
    this.ended = new Promise((resolve) => {
      this.finish = resolve;
    });
    this.deadline = setTimeout(
      () => this.end({ kind: "deadline", timeoutMs: input.timeoutMs }),
      input.timeoutMs,
    );
  }

  /** Whether it has ended. */
  get over(): boolean {
    return this.done;
  }

  /** Takes one of the server's notices (the watch's listener). */
  hear(notice: McpServerNotice): void {
    if (this.done) return;
    if (notice.type === "gone") {
      this.end({ kind: "server_gone", why: notice.why });
      return;
    }
    const line = noticeLine(notice, this.input);
    if (line === undefined) return;
    this.pending.push(...line.split("\n"));
    this.flushTimer ??= setTimeout(() => this.flush(), this.deps.windowMs ?? 200);
  }

  /** Ends it (TaskStop, `keel kill`, the session's end); false when it had already ended. */
  stop(): boolean {
    if (this.done) return false;
    this.end({ kind: "stopped" });
    return true;
  }

  /** Drops it without a word: the watch could not begin (the caller reports why). */
  cancel(): void {
    this.done = true;
    clearTimeout(this.deadline);
    clearTimeout(this.flushTimer);
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const lines = this.pending.splice(0);
    if (lines.length === 0) return;
    this.deps.record(lines);
    if (this.told >= this.deps.limits.maxTotalChars) return;
    const text = eventText(lines, this.deps.limits);
    this.told += text.length;
    this.tell(text);
    if (this.told >= this.deps.limits.maxTotalChars) {
      this.end({ kind: "budget", maxTotalChars: this.deps.limits.maxTotalChars });
    }
  }

  private end(end: McpMonitorEnd): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.deadline);
    if (end.kind !== "budget") this.flush();
    this.tell(endText(end, this.input.server));
    this.finish(end);
  }

  private tell(text: string): void {
    this.deps.deliver({
      type: "monitor_event",
      taskId: this.input.taskId,
      description: this.input.description,
      text,
    });
  }
}

function endText(end: McpMonitorEnd, server: string): string {
  switch (end.kind) {
    case "stopped":
      return "[monitor stopped]";
    case "deadline":
      return `[monitor ended: its deadline of ${end.timeoutMs} ms passed; start it again to keep watching]`;
    case "budget":
      return `[monitor stopped: its events reached ${end.maxTotalChars} characters, the most one monitor may send]`;
    case "server_gone":
      return `[monitor ended: MCP server "${server}" is gone (${end.why})]`;
  }
}
