import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { type Jail, jailArgs } from "./bash/read-only-jail.js";
import { LineCollector } from "./line-collector.js";

/** Loads the module that ships a ripgrep binary (injected so the fallback can be tested). */
export type RipgrepModuleLoader = () => Promise<{ rgPath: string }>;

const loadVscodeRipgrep: RipgrepModuleLoader = () => import("@vscode/ripgrep");

/**
 * The ripgrep binary to run: the one `@vscode/ripgrep` ships, else `rg` from PATH. As in
 * Claude Code, `USE_BUILTIN_RIPGREP=0` picks `rg` from PATH.
 */
export async function locateRipgrep(
  load: RipgrepModuleLoader = loadVscodeRipgrep,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string> {
  if (env.USE_BUILTIN_RIPGREP === "0") return "rg";
  try {
    const { rgPath } = await load();
    await access(rgPath, constants.X_OK);
    return rgPath;
  } catch {
    // The package throws when this platform's binary package is missing.
    return "rg";
  }
}

let located: Promise<string> | undefined;

/** The ripgrep binary for this process, looked up once. */
export function ripgrepPath(): Promise<string> {
  located ??= locateRipgrep();
  return located;
}

/** One ripgrep run. */
export interface RipgrepRun {
  rgPath: string;
  args: readonly string[];
  /** ripgrep matches --glob patterns relative to its working directory. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Aborting kills ripgrep and rejects with an AbortError. */
  signal: AbortSignal;
  /** Stop (and kill ripgrep) once this many lines have been collected. */
  maxLines?: number;
  /** Stop (and kill ripgrep) once the collected lines hold this many characters. */
  maxChars?: number;
  /** Turns each output line into the lines to collect (none to drop it); budgets count collected lines. */
  map?: (line: string) => string[];
  /** Runs ripgrep in this read-only jail (a search rooted outside the working folders). */
  jail?: Jail;
}

/** What a ripgrep run printed. */
export interface RipgrepOutput {
  lines: string[];
  /** ripgrep's exit code: 0 found, 1 nothing found, 2 an error; null when we stopped it. */
  exitCode: number | null;
  stderr: string;
  /** We stopped reading at maxLines or maxChars: there may be more. */
  stoppedEarly: boolean;
}

/** The start of ripgrep's stderr: only the first error messages are useful. */
class StderrHead {
  static readonly MAX_CHARS = 16_384;
  text = "";

  add(chunk: string): void {
    const room = StderrHead.MAX_CHARS - this.text.length;
    if (room > 0) this.text += chunk.slice(0, room);
  }
}

/** The error a tool call rejects with when its signal aborts. */
export function abortError(): Error {
  return new DOMException("The search was aborted.", "AbortError");
}

/** The program to spawn and its arguments: ripgrep, or `bwrap <jail> -- rg …`. */
function command(run: RipgrepRun): [string, string[]] {
  if (!run.jail) return [run.rgPath, [...run.args]];
  return [run.jail.bwrap, [...jailArgs(run.jail), "--", run.rgPath, ...run.args]];
}

/**
 * Runs ripgrep without a shell (stdin is /dev/null), in `jail` when one is given, and
 * collects its output lines.
 */
export function runRipgrep(run: RipgrepRun): Promise<RipgrepOutput> {
  if (run.signal.aborted) return Promise.reject(abortError());
  return new Promise((resolve, reject) => {
    const [program, args] = command(run);
    const child = spawn(program, args, {
      cwd: run.cwd,
      env: definedEnv(run.env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const collector = new LineCollector(
      run.maxLines ?? Number.POSITIVE_INFINITY,
      run.maxChars,
      run.map,
    );
    const stderr = new StderrHead();
    let failure: Error | undefined;
    const onAbort = () => {
      failure = abortError();
      child.kill("SIGKILL");
    };
    run.signal.addEventListener("abort", onAbort, { once: true });
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (!collector.push(chunk)) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk: string) => stderr.add(chunk));
    child.on("error", (error) => {
      failure ??= new Error(`Could not run ripgrep (${run.rgPath}): ${error.message}`);
    });
    child.on("close", (code) => {
      run.signal.removeEventListener("abort", onAbort);
      if (failure) return reject(failure);
      const stoppedEarly = collector.full;
      if (!stoppedEarly) collector.finish();
      resolve({
        lines: collector.lines,
        exitCode: stoppedEarly ? null : code,
        stderr: stderr.text,
        stoppedEarly,
      });
    });
  });
}

function definedEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
