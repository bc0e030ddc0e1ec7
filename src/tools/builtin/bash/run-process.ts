import type { ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import type { StreamName } from "./output-collector.js";
import { ProcessGroup, type SignalGroup } from "./process-group.js";
import { spawnShell } from "./spawn-shell.js";

/** How long the runner waits at each step of ending a command. */
export interface ProcessTiming {
  /** After the shell exits: how long to keep reading pipes a descendant still holds. */
  drainGraceMs: number;
  /** Upper bound on that drain while the full-output file is the one holding things up. */
  maxDrainMs: number;
  /** Between SIGTERM and SIGKILL. */
  killGraceMs: number;
}

/** Where the runner puts output as it arrives (an OutputCollector, or a hook's capped capture). */
export interface ProcessOutput {
  write(stream: StreamName, chunk: Buffer): void;
  /** True while the consumer is behind; the pipes are paused until it catches up. */
  readonly blocked: boolean;
  onUnblocked(listener: () => void): void;
}

/** One shell process to run. */
export interface ProcessRequest {
  shell: string;
  /** Options for the shell before `-c` (none by default). */
  shellFlags?: readonly string[];
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal: AbortSignal;
  output: ProcessOutput;
  /** Written to the shell's stdin, which is then closed; absent: stdin is /dev/null. */
  stdin?: string;
  timing: ProcessTiming;
  now: () => number;
  signalGroup?: SignalGroup;
}

/** How the shell ended. */
export interface ProcessOutcome {
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  /** "exited" when the shell ended on its own. */
  ending: "exited" | "timeout" | "aborted";
  spawnError?: Error;
}

/**
 * Runs the script in its own process group with stdin at /dev/null (or fed `stdin`). Ends
 * when the shell has exited and its pipes are closed, or a short drain after the exit if a
 * descendant keeps them open; then the whole group is stopped so nothing is left running.
 */
export function runProcess(request: ProcessRequest): Promise<ProcessOutcome> {
  return new Promise((resolve) => new ShellRun(request, resolve).start());
}

type Child = ChildProcessByStdio<Writable | null, Readable, Readable>;

/** The life of one shell: output, timeout, abort, exit, drain, group stop. */
class ShellRun {
  private child: Child | undefined;
  private group: ProcessGroup | undefined;
  private ending: ProcessOutcome["ending"] = "exited";
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private spawnError: Error | undefined;
  private openPipes = 2;
  private done = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly onAbort = () => this.stopEarly("aborted");

  constructor(
    private readonly request: ProcessRequest,
    private readonly resolve: (outcome: ProcessOutcome) => void,
  ) {}

  start(): void {
    const { request } = this;
    const child: Child =
      request.stdin === undefined
        ? spawnShell(request, ["ignore", "pipe", "pipe"])
        : spawnShell(request, ["pipe", "pipe", "pipe"]);
    this.child = child;
    if (child.stdin && request.stdin !== undefined) {
      // A command that exits without reading its input closes the pipe: EPIPE is not a failure.
      child.stdin.on("error", () => undefined);
      child.stdin.end(request.stdin);
    }
    if (child.pid !== undefined) {
      this.group = new ProcessGroup(child.pid, request.timing.killGraceMs, request.signalGroup);
    }
    request.signal.addEventListener("abort", this.onAbort, { once: true });
    this.timers.push(setTimeout(() => this.stopEarly("timeout"), request.timeoutMs));
    this.readPipes(child);
    child.once("error", (error) => {
      this.spawnError = error;
      this.finish();
    });
    child.once("exit", (code, signal) => this.onExit(code, signal));
    if (request.signal.aborted) this.onAbort();
  }

  private readPipes(child: Child): void {
    const pipes = [child.stdout, child.stderr];
    const resume = () => {
      for (const pipe of pipes) pipe.resume();
    };
    const onChunk = (name: "stdout" | "stderr") => (chunk: Buffer) => {
      this.request.output.write(name, chunk);
      if (!this.request.output.blocked) return;
      for (const pipe of pipes) pipe.pause(); // the full-output file is behind
      this.request.output.onUnblocked(resume);
    };
    child.stdout.on("data", onChunk("stdout"));
    child.stderr.on("data", onChunk("stderr"));
    for (const pipe of pipes) {
      pipe.once("close", () => {
        this.openPipes--;
        if (this.exit && this.openPipes === 0) this.finish();
      });
    }
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exit = { code, signal };
    if (this.openPipes === 0) {
      this.finish();
      return;
    }
    const { timing, now, output } = this.request;
    const drainEnd = now() + timing.maxDrainMs;
    const checkDrain = () => {
      if (output.blocked && now() < drainEnd) {
        this.timers.push(setTimeout(checkDrain, timing.drainGraceMs));
      } else {
        this.finish();
      }
    };
    this.timers.push(setTimeout(checkDrain, timing.drainGraceMs));
  }

  private stopEarly(reason: "timeout" | "aborted"): void {
    if (this.exit) {
      this.finish(); // only the drain was left: cut it short
      return;
    }
    if (this.ending === "exited") this.ending = reason;
    void this.group?.stop();
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.request.signal.removeEventListener("abort", this.onAbort);
    this.child?.stdin?.destroy();
    this.child?.stdout.destroy(); // stop reading: a descendant may still hold the pipes
    this.child?.stderr.destroy();
    void this.group?.stop();
    this.resolve({
      exitCode: this.exit?.code ?? null,
      exitSignal: this.exit?.signal ?? null,
      ending: this.ending,
      ...(this.spawnError ? { spawnError: this.spawnError } : {}),
    });
  }
}
