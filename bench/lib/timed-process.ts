import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What `/usr/bin/time -f "%e %M %U %S"` and the bench saw of one process. */
export interface TimedRun {
  /** Wall time in seconds as /usr/bin/time reports it (%e, 10 ms resolution). */
  wallS: number;
  /** Peak resident set in KB (%M, the kernel's ru_maxrss). */
  peakRssKB: number;
  /**
   * CPU time in ms, user plus system (%U + %S, 10 ms steps): unlike wall time it barely moves
   * when other processes load the machine.
   */
  cpuMs: number;
  /** Wall time from spawn to exit as the bench measured it (finer grained). */
  spawnWallMs: number;
  code: number;
  stdout: string;
  stderr: string;
}

/** How to start a timed process. */
export interface TimedStart {
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Called with the pid of the measured process itself (the child of /usr/bin/time). */
  onPid?: (pid: number) => void;
}

/** The pid of a process's first child, read from /proc (Linux), once it exists. */
async function firstChild(pid: number): Promise<number | undefined> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const text = await readFile(`/proc/${pid}/task/${pid}/children`, "utf8");
      const child = Number(text.trim().split(" ")[0]);
      if (child > 0) return child;
    } catch {
      return undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return undefined;
}

function parseTime(text: string): { wallS: number; peakRssKB: number; cpuMs: number } {
  const line = text.trim().split("\n").at(-1) ?? "";
  const [wall, peak, user, system] = line.split(" ").map(Number);
  if (![wall, peak, user, system].every(Number.isFinite)) {
    throw new Error(`unexpected /usr/bin/time output: ${text}`);
  }
  return { wallS: wall!, peakRssKB: peak!, cpuMs: Math.round((user! + system!) * 1000) };
}

/**
 * Runs a command under `/usr/bin/time -f "%e %M %U %S"` (its figures go to a file, so they never mix
 * with the command's own stderr) and returns wall time, peak RSS, exit code and output.
 */
export async function runTimed(start: TimedStart): Promise<TimedRun> {
  const dir = await mkdtemp(join(tmpdir(), "keel-bench-time-"));
  const timeFile = join(dir, "time.txt");
  try {
    const args = ["-f", "%e %M %U %S", "-o", timeFile, start.command, ...start.args];
    const began = performance.now();
    const child = spawn("/usr/bin/time", args, {
      cwd: start.cwd,
      env: start.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    if (start.onPid && child.pid !== undefined) {
      const onPid = start.onPid;
      void firstChild(child.pid).then((pid) => pid !== undefined && onPid(pid));
    }
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (exitCode) => resolve(exitCode));
    });
    const spawnWallMs = performance.now() - began;
    return {
      ...parseTime(await readFile(timeFile, "utf8")),
      spawnWallMs,
      code: code ?? -1,
      stdout,
      stderr,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The current resident set of a live process in KB (VmRSS from /proc), or undefined once gone. */
export async function currentRssKB(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
