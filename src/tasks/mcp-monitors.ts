import { randomBytes } from "node:crypto";
import { appendFile, rm } from "node:fs/promises";
import { type McpMonitorEnd, McpMonitorWatch } from "../tools/builtin/monitor/mcp-monitor-watch.js";
import type {
  McpMonitorLauncher,
  McpMonitorRequest,
  McpMonitorStopOutcome,
  McpNotificationAccess,
} from "../tools/builtin/monitor/mcp-source.js";
import type { MonitorEventSink } from "../tools/builtin/monitor/monitor-watch.js";
import { type TaskMeta, type TaskStatusRecord, withStatus } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A new id for an MCP monitor: "m" and eight characters of [0-9a-z] (Claude Code's prefix). */
export function newMcpMonitorId(random: (size: number) => Buffer = randomBytes): string {
  let id = "m";
  for (const byte of random(8)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

export interface McpMonitorsDeps {
  store: TaskStore;
  sessionId: string;
  cwd: string;
  /** Where events go (the session's `deliver`). */
  deliver: MonitorEventSink;
  /** How often a `keel kill` from elsewhere is looked for (ms). */
  killCheckMs?: number;
  newId?: () => string;
  /** Told of a record that could not be written (the monitor goes on). */
  onError?: (error: unknown) => void;
}

interface Running {
  task: TaskMeta & { kind: "monitor_mcp" };
  watch: McpMonitorWatch;
  /** Settles with how it ended, once that is recorded. */
  closed: Promise<TaskStatusRecord>;
}

/**
 * The session's `monitor_mcp` tasks: each watches one MCP server in this process, is recorded
 * in the task store (so `keel ps` lists it and `keel kill` stops it), and ends on TaskStop, its
 * deadline, its output budget, the server's going, or the session's end.
 */
export class McpMonitors implements McpMonitorLauncher {
  private source: McpNotificationAccess | undefined;
  private readonly running = new Map<string, Running>();
  /** Each monitor's appends to its output log, one after another (so its lines stay in order). */
  private readonly writes = new Map<string, Promise<void>>();
  private disposed = false;

  constructor(private readonly deps: McpMonitorsDeps) {}

  /** A record that could not be written is told, never thrown: the monitor goes on. */
  private readonly onError = (error: unknown): void => this.deps.onError?.(error);

  /** The session's MCP servers, once they are started (before, a start says there are none). */
  connect(source: McpNotificationAccess | undefined): void {
    this.source = source;
  }

  ids(): string[] {
    return [...this.running.keys()];
  }

  async start(request: McpMonitorRequest): Promise<{ taskId: string }> {
    if (this.disposed) throw new Error("the session has ended: no more monitors");
    if (!this.source) throw new Error("This session has no MCP servers to monitor.");
    const { store } = this.deps;
    const id = (this.deps.newId ?? newMcpMonitorId)();
    const { limits, windowMs, ...watching } = request;
    const watch = new McpMonitorWatch(
      { taskId: id, ...watching },
      {
        deliver: this.deps.deliver,
        limits,
        record: (lines) => this.record(id, lines),
        ...(windowMs ? { windowMs } : {}),
      },
    );
    // Recorded first, so the output log exists before the first notice can arrive.
    const task = this.taskMeta(id, request);
    const paths = await store.create(task);
    let opened: Awaited<ReturnType<McpNotificationAccess["watch"]>>;
    try {
      const { server, resources } = request;
      opened = await this.source.watch({ server, resources }, (notice) => watch.hear(notice));
    } catch (error) {
      watch.cancel();
      // The watch never began: no task is left behind for a call that failed.
      await rm(paths.dir, { recursive: true, force: true });
      throw error;
    }
    const killCheck = setInterval(() => {
      if (store.killRequested(id)) watch.stop();
    }, this.deps.killCheckMs ?? 250);
    const closed = watch.ended.then(async (end) => {
      clearInterval(killCheck);
      await opened.close().catch(() => undefined);
      await this.writes.get(id);
      this.writes.delete(id);
      const record = this.endRecord(id, end);
      await store.write(withStatus(task, record)).catch(this.onError);
      return record;
    });
    this.running.set(id, { task, watch, closed });
    // The session ended while the watch opened: it goes with the others.
    if (this.disposed) watch.stop();
    return { taskId: id };
  }

  async stop(id: string): Promise<McpMonitorStopOutcome | undefined> {
    const entry = this.running.get(id);
    if (!entry) return undefined;
    const stopped = entry.watch.stop();
    const { status } = await entry.closed;
    const { description, server } = entry.task;
    const state = { type: "monitor_mcp" as const, id, description, server, status };
    return { outcome: stopped ? "stopped" : "already_ended", state };
  }

  /** Stops every monitor still running and refuses new ones; settles once their ends are recorded. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const entry of this.running.values()) entry.watch.stop();
    await Promise.all([...this.running.values()].map((entry) => entry.closed));
  }

  private taskMeta(id: string, request: McpMonitorRequest): TaskMeta & { kind: "monitor_mcp" } {
    const { store } = this.deps;
    const own = store.processes.startTime(process.pid);
    return {
      id,
      kind: "monitor_mcp",
      server: request.server,
      resources: [...request.resources],
      description: request.description,
      cwd: this.deps.cwd,
      sessionId: this.deps.sessionId,
      pid: process.pid,
      ...(own === undefined ? {} : { pidStartTime: own }),
      startedAt: store.time(),
      status: "running",
    };
  }

  private endRecord(id: string, end: McpMonitorEnd): TaskStatusRecord {
    const ended = { endedAt: this.deps.store.time(), exitCode: null };
    // A server that went ends the watch like a command's exit; everything else stopped it.
    if (end.kind === "server_gone" && !this.deps.store.killRequested(id)) {
      return { status: "failed", ...ended, error: `the MCP server is gone: ${end.why}` };
    }
    return { status: "killed", ...ended };
  }

  private record(id: string, lines: readonly string[]): void {
    const text = lines.map((line) => `${line}\n`).join("");
    const output = this.deps.store.paths(id).output;
    const previous = this.writes.get(id) ?? Promise.resolve();
    this.writes.set(id, previous.then(() => appendFile(output, text)).catch(this.onError));
  }
}
