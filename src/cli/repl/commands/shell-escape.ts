import { spawn } from "node:child_process";
import { terminalSafe } from "../render/terminal-text.js";
import { CappedText } from "./capped-text.js";

/** What a `!cmd` run produced. */
export interface ShellOutcome {
  /** What it printed, cut in the middle (marked) past 30,000 characters like Bash's output. */
  stdout: string;
  stderr: string;
  /** The exit code; null when a signal ended it. */
  code: number | null;
  /** True when Esc (the signal) stopped it. */
  interrupted: boolean;
}

/** How a `!cmd` runs. */
export interface ShellOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    // The negative pid reaches the whole group: the shell and whatever it started.
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/**
 * Runs a command with `bash -c` in the working folder, in its own process group so that an
 * abort (Esc) kills everything it started; stdin is closed (there is no one to type into it).
 */
export function runShell(command: string, options: ShellOptions): Promise<ShellOutcome> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Kept capped (head and tail): `!yes` must not grow memory until Esc.
    const stdout = new CappedText();
    const stderr = new CappedText();
    let interrupted = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => stdout.add(chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => stderr.add(chunk));
    const onAbort = () => {
      interrupted = true;
      killGroup(child.pid);
    };
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => {
      stderr.add(`${error.message}\n`);
    });
    child.on("close", (code) => {
      options.signal.removeEventListener("abort", onAbort);
      resolve({ stdout: stdout.text(), stderr: stderr.text(), code, interrupted });
    });
  });
}

/**
 * The conversation record of a `!cmd` (Claude Code's bash mode): the command in one user
 * message, its output in the next, so the model sees both on its next turn.
 */
export function shellRecord(command: string, outcome: ShellOutcome): [string, string] {
  const stderr = outcome.interrupted
    ? `${outcome.stderr}[interrupted by the user]`
    : outcome.stderr;
  return [
    `<bash-input>${command}</bash-input>`,
    `<bash-stdout>${outcome.stdout.trimEnd()}</bash-stdout><bash-stderr>${stderr.trimEnd()}</bash-stderr>`,
  ];
}

const SHOWN_LINES = 20;

/** What the transcript shows of a `!cmd` run: its output (cut) and how it ended. */
export function shellView(outcome: ShellOutcome): { text: string; failed: boolean } {
  const output = terminalSafe(`${outcome.stdout}${outcome.stderr}`).trimEnd();
  const lines = output === "" ? [] : output.split("\n");
  const shown =
    lines.length > SHOWN_LINES
      ? [...lines.slice(0, SHOWN_LINES), `… +${lines.length - SHOWN_LINES} lines`]
      : lines;
  const ending = outcome.interrupted
    ? "(interrupted)"
    : outcome.code === 0
      ? undefined
      : `(exit code ${outcome.code ?? "none: killed by a signal"})`;
  const text = [...shown, ...(ending ? [ending] : [])].join("\n");
  return {
    text: text === "" ? "(no output)" : text,
    failed: outcome.interrupted || outcome.code !== 0,
  };
}
