import { join } from "node:path";
import type { SignalGroup } from "../builtin/bash/process-group.js";
import { BackgroundShell } from "./background-shell.js";
import { LogCursor } from "./log-cursor.js";
import type { LogSlice } from "./log-slice.js";
import type { ShellTaskObserver } from "./shell-observer.js";
import type { ShellTaskState } from "./shell-task.js";
import { newShellTaskId } from "./task-id.js";
import { isTerminalTaskStatus } from "./task-status.js";
import { UnknownTaskError } from "./unknown-task.js";

/** Where a registry keeps its logs and how it stops and names shells. */
export interface BackgroundShellsOptions {
  /** Each shell's output goes to `<tasksDir>/<id>.log`. */
  tasksDir: string;
  /** Between SIGTERM and SIGKILL when a shell is stopped (default 1 s). */
  killGraceMs?: number;
  signalGroup?: SignalGroup;
  /** A new task id (default: newShellTaskId); a clash with a known id is drawn again. */
  newId?: () => string;
  now?: () => number;
  /** Records the shells elsewhere too; its outputFile replaces `<tasksDir>/<id>.log`. */
  observer?: ShellTaskObserver;
}

/** A command to start in the background. */
export interface ShellRequest {
  /** "monitor" for a Monitor's command (absent for Bash's). */
  kind?: "monitor";
  command: string;
  description?: string;
  /** The shell to run it with (e.g. "bash"). */
  shell: string;
  /** What the shell runs, when it is not `command` itself (the command wrapped in a sandbox). */
  script?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** A task's state together with the output it produced since the previous read. */
export interface NewOutput {
  state: ShellTaskState;
  output: LogSlice;
}

/** What stopping a task did: stopped it, or found it had already ended. */
export type StopOutcome =
  | { outcome: "stopped"; state: ShellTaskState }
  | { outcome: "already_ended"; state: ShellTaskState };

interface Entry {
  shell: BackgroundShell;
  cursor: LogCursor;
}

/**
 * The background shells of one session, in this process: started by Bash (run_in_background),
 * read by TaskOutput, stopped by TaskStop, and all stopped by `dispose()` when the session ends.
 */
export class BackgroundShells {
  private readonly entries = new Map<string, Entry>();
  private disposed = false;
  /** The observer's writes still in flight (dispose waits for them). */
  private readonly records = new Set<Promise<void>>();

  constructor(private readonly options: BackgroundShellsOptions) {}

  /** Starts a command in its own process group; settles once it runs or has failed to start. */
  async start(request: ShellRequest): Promise<ShellTaskState> {
    if (this.disposed) throw new Error("the session has ended: no more background shells");
    const id = this.freshId();
    const { observer } = this.options;
    const outputFile = observer?.outputFile(id) ?? join(this.options.tasksDir, `${id}.log`);
    const description = request.description?.trim() || request.command;
    const shell = new BackgroundShell(
      { ...request, id, description, outputFile },
      {
        killGraceMs: this.options.killGraceMs ?? 1_000,
        now: this.options.now ?? Date.now,
        ...(this.options.signalGroup ? { signalGroup: this.options.signalGroup } : {}),
        ...(observer ? { stoppedElsewhere: () => observer.stoppedElsewhere(id) } : {}),
      },
    );
    this.entries.set(id, { shell, cursor: new LogCursor(outputFile) });
    const state = await shell.start();
    if (observer) await this.record(observer, shell, state);
    return state;
  }

  /**
   * Records the start before the caller learns the id (so other processes see the task as
   * soon as the model does), then the end once it comes; a failed write loses only that record.
   */
  private async record(
    observer: ShellTaskObserver,
    shell: BackgroundShell,
    state: ShellTaskState,
  ): Promise<void> {
    await observer.started(state).catch(() => undefined);
    const write = shell.ended.then((ended) => observer.ended(ended)).catch(() => undefined);
    this.records.add(write);
    void write.then(() => this.records.delete(write));
  }

  /** The task with this id, or undefined. */
  get(id: string): ShellTaskState | undefined {
    return this.entries.get(id)?.shell.state;
  }

  /** Every task of the session, oldest first. */
  list(): ShellTaskState[] {
    return [...this.entries.values()].map((entry) => entry.shell.state);
  }

  /** The ids of every task of the session, oldest first. */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** The task's state and what it wrote since the previous read (throws UnknownTaskError). */
  async readNewOutput(id: string, limitChars: number): Promise<NewOutput> {
    const entry = this.require(id);
    const state = entry.shell.state;
    const output = await entry.cursor.readNew(limitChars, isTerminalTaskStatus(state.status));
    return { state, output };
  }

  /** Waits until the task ends, `timeoutMs` passes or `signal` aborts; returns its state then. */
  async waitForEnd(id: string, timeoutMs: number, signal?: AbortSignal): Promise<ShellTaskState> {
    const { shell } = this.require(id);
    if (isTerminalTaskStatus(shell.state.status) || signal?.aborted) return shell.state;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener("abort", done, { once: true });
      shell.ended.then(done);
    });
    return shell.state;
  }

  /** Stops a task and everything it started (throws UnknownTaskError). */
  async stop(id: string): Promise<StopOutcome> {
    const { shell } = this.require(id);
    const stopped = await shell.stop();
    return { outcome: stopped ? "stopped" : "already_ended", state: shell.state };
  }

  /** Stops every shell still running and refuses new ones; settles once they are gone. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.entries.values()].map((entry) => entry.shell.stop()));
    await Promise.all([...this.records]);
  }

  private require(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw new UnknownTaskError(id, this.ids());
    return entry;
  }

  private freshId(): string {
    const newId = this.options.newId ?? newShellTaskId;
    let id = newId();
    while (this.entries.has(id)) id = newId();
    return id;
  }
}
