import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { sep } from "node:path";
import type { BackgroundShells } from "../../background/background-shells.js";
import { type Confinement, confinedLaunch } from "./confinement.js";
import { checkBashInput, effectiveTimeoutMs } from "./input-check.js";
import type { BashLimits } from "./limits.js";
import { type CollectedOutput, OutputCollector } from "./output-collector.js";
import type { SignalGroup } from "./process-group.js";
import { type ProcessOutcome, type ProcessTiming, runProcess } from "./run-process.js";
import type { BashInput, BashOutput } from "./schema.js";
import { type WorkingDirectory, wrapWithCwdReport } from "./working-directory.js";

/** A progress report while a command runs. */
export interface BashProgress {
  type: "bash_progress";
  elapsedMs: number;
  /** Characters of output so far (stdout and stderr). */
  outputChars: number;
  /** The end of the output so far (at most 2,000 characters, both streams interleaved). */
  output: string;
}

/** What one Bash tool instance runs commands with. */
export interface BashRunner {
  limits: BashLimits;
  /** Absolute and normalised: call paths are joined onto it as text (path.join is slow cold). */
  sessionDir: string;
  env: NodeJS.ProcessEnv;
  workingDirectory: WorkingDirectory;
  shell: string;
  timing: ProcessTiming;
  progressIntervalMs: number;
  now: () => number;
  signalGroup?: SignalGroup;
  /** Where run_in_background commands are started (the session's registry). */
  backgroundShells: BackgroundShells;
}

/** One call: who is asking and how to report. */
export interface BashCall {
  toolUseId: string;
  signal: AbortSignal;
  onProgress: (progress: BashProgress) => void;
}

let callCounter = 0;

/**
 * Runs one command to completion (or timeout/abort) and describes what happened; inside
 * `confinement` when one is given (the read-only jail, or the sandbox settings ask for).
 */
export async function runBash(
  input: BashInput,
  call: BashCall,
  runner: BashRunner,
  confinement?: Confinement,
): Promise<BashOutput> {
  const check = checkBashInput(input, runner.limits);
  if (!check.ok) throw new Error(check.message);
  const start = runner.workingDirectory.start();
  const notes = start.note ? [start.note] : [];
  if (call.signal.aborted) return notRun(start.cwd, notes);
  makeSessionDir(runner.sessionDir);
  // A confined command reports its folder into a fresh folder of its own (confinement.ts).
  const reportDir = confinement ? mkdtempSync(`${runner.sessionDir}${sep}confined-`) : undefined;
  try {
    return await runReporting(input, call, runner, {
      confinement,
      reportDir,
      cwd: start.cwd,
      notes,
    });
  } finally {
    if (reportDir !== undefined) rmSync(reportDir, { recursive: true, force: true });
  }
}

/** Where one command runs and reports. */
interface CallSetting {
  confinement: Confinement | undefined;
  reportDir: string | undefined;
  cwd: string;
  notes: string[];
}

/** Runs the command with its folder report, then learns the folder it ended in. */
async function runReporting(
  input: BashInput,
  call: BashCall,
  runner: BashRunner,
  setting: CallSetting,
): Promise<BashOutput> {
  const { confinement, reportDir } = setting;
  const id = call.toolUseId.replace(/[^A-Za-z0-9_-]/g, "_");
  const cwdFile = `${reportDir ?? runner.sessionDir}${sep}.bash-cwd-${id}-${++callCounter}`;
  const output = new OutputCollector(
    runner.limits.maxOutputChars,
    `${runner.sessionDir}${sep}tool-results${sep}bash-${id}.txt`,
  );
  const timeoutMs = effectiveTimeoutMs(input, runner.limits);
  const launch = await confinedLaunch(
    confinement,
    runner.shell,
    wrapWithCwdReport(input.command, cwdFile),
    {
      command: input.command,
      id: call.toolUseId,
      signal: call.signal,
      ...(reportDir === undefined ? {} : { reportDir }),
    },
  );
  const stopProgress = reportProgress(call, output, runner);
  const outcome = await runProcess({
    ...launch,
    cwd: setting.cwd,
    env: runner.env,
    timeoutMs,
    signal: call.signal,
    output,
    timing: runner.timing,
    now: runner.now,
    ...(runner.signalGroup ? { signalGroup: runner.signalGroup } : {}),
  });
  stopProgress();
  const collected = await output.finish();
  if (confinement?.kind === "sandbox") {
    collected.stderr = confinement.sandbox.annotate(call.toolUseId, collected.stderr);
  }
  const reset = runner.workingDirectory.learn(cwdFile);
  if (reset) setting.notes.push(reset);
  if (outcome.spawnError) {
    throw new Error(
      `Could not start ${runner.shell} in ${setting.cwd}: ${outcome.spawnError.message}`,
    );
  }
  return describe(outcome, collected, timeoutMs, runner.workingDirectory.path, setting.notes);
}

/**
 * The folder for the cwd report, made on every call (it may have been removed since the last
 * one); synchronously, because a thread-pool round trip per Bash call is what a turn pays for.
 */
function makeSessionDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    // Without it the cwd report is lost and the next command starts where this one did.
  }
}

function reportProgress(call: BashCall, output: OutputCollector, runner: BashRunner) {
  const startedAt = runner.now();
  const timer = setInterval(() => {
    call.onProgress({
      type: "bash_progress",
      elapsedMs: runner.now() - startedAt,
      outputChars: output.totalChars,
      output: output.recentOutput,
    });
  }, runner.progressIntervalMs);
  return () => clearInterval(timer);
}

function describe(
  outcome: ProcessOutcome,
  collected: CollectedOutput,
  timeoutMs: number,
  cwd: string,
  notes: string[],
): BashOutput {
  const result: BashOutput = {
    stdout: collected.stdout,
    stderr: collected.stderr,
    exitCode: outcome.exitCode,
    interrupted: outcome.ending === "aborted",
    cwd,
    notes,
  };
  if (outcome.ending === "timeout") result.timedOutAfterMs = timeoutMs;
  if (outcome.ending === "exited" && outcome.exitSignal) result.exitSignal = outcome.exitSignal;
  if (collected.truncated) {
    result.truncation = { totalChars: collected.totalChars };
    if (collected.fullOutputPath) result.truncation.fullOutputPath = collected.fullOutputPath;
    if (collected.saveError) result.truncation.saveError = collected.saveError;
  }
  return result;
}

/** The call was aborted before the command started. */
export function notRun(cwd: string, notes: string[]): BashOutput {
  return { stdout: "", stderr: "", exitCode: null, interrupted: true, cwd, notes };
}
