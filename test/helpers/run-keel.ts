import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { executableNodeFlags } from "../../bench/lib/node-flags.js";
import type { SdkMessage } from "../../src/session/sdk-messages.js";

/** The built CLI (test/global-setup.ts builds one for each test run). */
export const KEEL_BIN =
  process.env.KEEL_TEST_BIN ?? fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

/** The node flags of the built CLI's shebang (its print bundle's code cache fits only these). */
export const KEEL_NODE_FLAGS: readonly string[] = executableNodeFlags(KEEL_BIN);

/** How node runs the built CLI as its shebang does. */
export const KEEL_NODE_ARGS: readonly string[] = [...KEEL_NODE_FLAGS, KEEL_BIN];

/** What a finished keel process left behind. */
export interface KeelRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Options for one keel run. */
export interface RunKeelOptions {
  env?: Record<string, string>;
  stdin?: string;
  cwd?: string;
  /** What node runs instead of KEEL_NODE_ARGS (another build, other flags). */
  nodeArgs?: readonly string[];
  /** Called with each stdout chunk; may signal the process (e.g. SIGINT once output starts). */
  onStdout?: (chunk: string, child: ReturnType<typeof spawn>) => void;
}

/**
 * Runs the real `keel` executable as a child process, with a clean, hermetic environment:
 * unless the test gives its own, HOME and keel's state folder are a temporary folder removed
 * when the process ends (no memory files or transcripts of the machine's user are touched).
 */
export function runKeel(args: string[], options: RunKeelOptions = {}): Promise<KeelRun> {
  const scratch = mkdtempSync(join(tmpdir(), "keel-run-"));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? KEEL_NODE_ARGS), ...args], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: scratch,
      KEEL_CONFIG_DIR: join(scratch, ".keel"),
      KEEL_RETRY_BASE_MS: "1",
      ...options.env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    options.onStdout?.(chunk, child);
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  child.stdin.end(options.stdin ?? "");
  return new Promise((resolve) => {
    child.once("close", (code, signal) => {
      rmSync(scratch, { recursive: true, force: true });
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Parses stream-json output: one SDK message per line. */
export function jsonLines(stdout: string): SdkMessage[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as SdkMessage);
}

/** The one message of a type in parsed output (fails the test when absent). */
export function only<T extends SdkMessage["type"]>(
  lines: SdkMessage[],
  type: T,
): Extract<SdkMessage, { type: T }> {
  const found = lines.filter((l): l is Extract<SdkMessage, { type: T }> => l.type === type);
  if (found.length !== 1) throw new Error(`expected one ${type} line, got ${found.length}`);
  return found[0]!;
}
