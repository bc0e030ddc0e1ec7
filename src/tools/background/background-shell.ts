import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import { ProcessGroup, type SignalGroup } from "../builtin/bash/process-group.js";
import { spawnShell } from "../builtin/bash/spawn-shell.js";
import type { EndedShellTask, ShellTaskState } from "./shell-task.js";
import { isTerminalTaskStatus, type TerminalTaskStatus } from "./task-status.js";

/** What to start: the command, with which shell, where, and where its output goes. */
export interface ShellLaunch {
  id: string;
  /** "monitor" for a Monitor's command (absent for Bash's). */
  kind?: "monitor";
  command: string;
  description: string;
  shell: string;
  /** What the shell runs, when it is not `command` itself (the command wrapped in a sandbox). */
  script?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  outputFile: string;
}

/** How shells are stopped and timed (injected so tests can shorten and observe it). */
export interface ShellControls {
  /** Between SIGTERM and SIGKILL. */
  killGraceMs: number;
  signalGroup?: SignalGroup;
  now: () => number;
  /** True when another process asked for the shell to stop: its ending counts as killed. */
  stoppedElsewhere?: () => boolean;
}

/** How a shell ended, before it becomes part of its state. */
interface Ending {
  status: TerminalTaskStatus;
  exitCode: number | null;
  exitSignal?: string | null;
  error?: string;
}

/**
 * One background shell: `shell -c command` in its own process group, stdout and stderr going
 * straight to its log file (so nothing is held in memory), no timeout. It ends completed
 * (exit 0), failed (any other ending on its own, or it could not start) or killed (stopped);
 * whatever the command left running in its group is stopped when the shell exits.
 */
export class BackgroundShell {
  private current: ShellTaskState;
  private group: ProcessGroup | undefined;
  private stopRequested = false;
  private settle: (state: EndedShellTask) => void = () => {};
  /** Settles once the shell has ended, with its final state. */
  readonly ended: Promise<EndedShellTask>;

  constructor(
    private readonly launch: ShellLaunch,
    private readonly controls: ShellControls,
  ) {
    const { id, command, description, cwd, outputFile } = launch;
    const startTime = controls.now();
    this.current = {
      id,
      type: "local_bash",
      ...(launch.kind ? { kind: launch.kind } : {}),
      command,
      description,
      cwd,
      outputFile,
      startTime,
      status: "pending",
    };
    this.ended = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  /** A snapshot of the shell now. */
  get state(): ShellTaskState {
    return { ...this.current };
  }

  /** Opens the log and starts the shell; settles once it runs, or has failed to start. */
  async start(): Promise<ShellTaskState> {
    try {
      await mkdir(dirname(this.launch.outputFile), { recursive: true });
      const log = await open(this.launch.outputFile, "a");
      try {
        if (!this.stopRequested) await this.spawn(log.fd);
      } finally {
        await log.close(); // the shell has its own copy of the descriptor
      }
    } catch (error) {
      this.end({ status: "failed", exitCode: null, error: messageOf(error) });
    }
    if (this.stopRequested && this.current.status === "pending") {
      this.end({ status: "killed", exitCode: null }); // stopped before it ran
    }
    return this.state;
  }

  /** Stops the shell and its whole group (SIGTERM, then SIGKILL); false if it had already ended. */
  async stop(): Promise<boolean> {
    if (isTerminalTaskStatus(this.current.status)) return false;
    this.stopRequested = true;
    await this.group?.stop();
    await this.ended;
    return true;
  }

  private async spawn(logFd: number): Promise<void> {
    const { shell, command, script, cwd, env } = this.launch;
    const child = spawnShell({ shell, script: script ?? command, cwd, env }, [
      "ignore",
      logFd,
      logFd,
    ]);
    child.once("exit", (code, signal) => this.onExit(code, signal));
    const started = await new Promise<boolean>((resolve) => {
      child.once("spawn", () => resolve(true));
      child.on("error", (error) => {
        this.end({ status: "failed", exitCode: null, error: error.message });
        resolve(false);
      });
    });
    if (!started || child.pid === undefined || isTerminalTaskStatus(this.current.status)) return;
    this.group = new ProcessGroup(child.pid, this.controls.killGraceMs, this.controls.signalGroup);
    this.current = { ...this.current, status: "running", pid: child.pid };
    if (this.stopRequested) void this.group.stop();
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    void this.group?.stop(); // nothing the command started outlives it
    const killed = this.stopRequested || this.controls.stoppedElsewhere?.() === true;
    if (killed) this.end({ status: "killed", exitCode: code, exitSignal: signal });
    else
      this.end({ status: code === 0 ? "completed" : "failed", exitCode: code, exitSignal: signal });
  }

  private end(ending: Ending): void {
    if (isTerminalTaskStatus(this.current.status)) return;
    const ended: EndedShellTask = {
      ...this.current,
      status: ending.status,
      endTime: this.controls.now(),
      exitCode: ending.exitCode,
      ...(ending.exitSignal ? { exitSignal: ending.exitSignal } : {}),
      ...(ending.error !== undefined ? { error: ending.error } : {}),
    };
    this.current = ended;
    this.settle({ ...ended });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
