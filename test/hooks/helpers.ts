import { readFileSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HooksConfig } from "../../src/hooks/config.js";
import {
  createHookEngine,
  type HookEngine,
  type HookEngineOptions,
} from "../../src/hooks/engine.js";
import type { HookEvent } from "../../src/hooks/events.js";
import type { HookNotice } from "../../src/hooks/hook-result.js";
import type { PermissionMode } from "../../src/tools/context.js";

/** A temp folder for hook scripts, removed by `cleanup`. */
export interface HookSandbox {
  dir: string;
  /** Writes an executable sh script and returns the command that runs it. */
  script(name: string, body: string): Promise<string>;
  /** Reads a file the scripts wrote (relative to dir). */
  read(name: string): Promise<string>;
  cleanup(): Promise<void>;
}

/** Makes a sandbox folder for one test. */
export async function makeSandbox(): Promise<HookSandbox> {
  const dir = await mkdtemp(join(tmpdir(), "keel-hooks-"));
  return {
    dir,
    async script(name, body) {
      const path = join(dir, name);
      await writeFile(path, `#!/bin/sh\n${body}\n`);
      await chmod(path, 0o755);
      return `'${path}'`;
    },
    read: (name) => readFile(join(dir, name), "utf8"),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** One matcher group per command, for `event`. */
export function configOf(
  event: HookEvent,
  commands: string[],
  matcher?: string,
  timeout?: number,
): HooksConfig {
  const hooks = commands.map((command) =>
    timeout === undefined
      ? { type: "command" as const, command }
      : { type: "command" as const, command, timeout },
  );
  return { [event]: [matcher === undefined ? { hooks } : { matcher, hooks }] };
}

/** An engine over real processes with recorded notices. */
export function testEngine(
  sandbox: HookSandbox,
  config: HooksConfig,
  overrides: Partial<HookEngineOptions> & { mode?: PermissionMode } = {},
): { engine: HookEngine; notices: HookNotice[] } {
  const notices: HookNotice[] = [];
  const engine = createHookEngine({
    config,
    sessionId: "sess-1",
    transcriptPath: join(sandbox.dir, "transcript.jsonl"),
    cwd: sandbox.dir,
    permissionMode: () => overrides.mode ?? "default",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    report: (notice) => notices.push(notice),
    timing: { drainGraceMs: 50, killGraceMs: 500 },
    ...overrides,
  });
  return { engine, notices };
}

/** Resolves once `check` is true, polling (bounded by the test's own timeout). */
export async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** True while a process with this pid exists (zombies excluded by reading /proc state). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}
