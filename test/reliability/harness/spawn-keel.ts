import { spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import { runCli } from "../../../src/cli/main.js";
import { KEEL_NODE_ARGS } from "../../helpers/run-keel.js";

/** A keel run the cell runner can watch and stop while it runs. */
export interface KeelProcess {
  /** Everything printed on stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the run is over. */
  exited: Promise<{ code: number | null }>;
  /** Ctrl+C: SIGINT to the process (or the abort signal of an in-process run). */
  interrupt(): void;
  /** Stops a wedged run for good. */
  kill(): void;
}

function collected(stream: NodeJS.ReadableStream): () => string {
  let text = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    text += chunk;
  });
  return () => text;
}

/**
 * Spawns the built CLI with exactly the environment given (plus PATH): the cell decides HOME,
 * KEEL_CONFIG_DIR and the model endpoint, so its state survives for the resume run. Cells that
 * abort use it: SIGINT and the exit code it maps to belong to the real process.
 */
export function spawnKeel(args: string[], cwd: string, env: Record<string, string>): KeelProcess {
  const child = spawn(process.execPath, [...KEEL_NODE_ARGS, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const stdout = collected(child.stdout);
  const stderr = collected(child.stderr);
  child.stdin.end("");
  const exited = new Promise<{ code: number | null }>((resolve) => {
    child.once("close", (code) => resolve({ code }));
  });
  return {
    stdout,
    stderr,
    exited,
    interrupt: () => child.kill("SIGINT"),
    kill: () => child.kill("SIGKILL"),
  };
}

/**
 * Runs the CLI in this process (`runCli`, what the executable calls) with the same arguments,
 * environment and folder, and its own stdin, stdout and stderr: the same path without paying
 * a Node start-up per run, which the matrix would otherwise pay twice for every cell.
 */
export function runKeelInProcess(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): KeelProcess {
  const stdin = new PassThrough();
  const out = new PassThrough();
  const err = new PassThrough();
  const stdout = collected(out);
  const stderr = collected(err);
  stdin.end("");
  const controller = new AbortController();
  const io = { stdin, stdout: out, stderr: err, cwd, signal: controller.signal };
  const exited = runCli(args, { ...io, env: { PATH: process.env.PATH ?? "", ...env } }).then(
    (code) => ({ code }),
    (error: unknown) => {
      err.write(`runCli threw: ${String(error)}\n`);
      return { code: 1 };
    },
  );
  return {
    stdout,
    stderr,
    exited,
    interrupt: () => controller.abort("SIGINT"),
    kill: () => controller.abort("SIGKILL"),
  };
}
