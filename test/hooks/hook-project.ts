import { chmod, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect } from "vitest";

/** A test file's project folder (with `.claude/`) and keel state folder, fresh per test. */
export interface HookProject {
  /** The project folder keel runs in (its real path, as keel records it). */
  readonly dir: string;
  /** keel's state folder (KEEL_CONFIG_DIR). */
  readonly stateDir: string;
}

/** Registers the per-test lifecycle: makes both folders (and `subdirs` of dir) before, removes them after. */
export function useHookProject(prefix: string, subdirs: string[] = []): HookProject {
  let dir = "";
  let stateDir = "";
  beforeEach(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
    stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
    for (const sub of [".claude", ...subdirs]) await mkdir(join(dir, sub), { recursive: true });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(stateDir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get stateDir() {
      return stateDir;
    },
  };
}

/** How a recording hook saves its stdin. */
export interface RecordingHook {
  /** The file it writes; may use `$1` (the script's first argument, e.g. the event name). */
  file: string;
  /** Append stdin plus a newline (a JSONL log) rather than overwrite the file. */
  append?: boolean;
  /** Shell run after saving (an exit code, a printf of hook output). */
  after?: string;
  /** The script's name inside `dir`. */
  name?: string;
}

/** Writes an executable sh script in `dir` that saves its stdin as `hook` says; returns its path. */
export async function writeRecordingHook(dir: string, hook: RecordingHook): Promise<string> {
  const path = join(dir, hook.name ?? "record.sh");
  const save = hook.append
    ? `cat >> "${hook.file}"\necho >> "${hook.file}"`
    : `cat > "${hook.file}"`;
  await writeFile(path, `#!/bin/sh\n${save}\n${hook.after ?? ""}\n`);
  await chmod(path, 0o755);
  return path;
}

/** The JSON values of a JSONL file's non-blank lines. */
export async function readJsonLines(path: string): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(path, "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

/** The keys every hook input carries (sdk.d.ts BaseHookInput). */
export const COMMON_HOOK_KEYS = [
  "session_id",
  "transcript_path",
  "cwd",
  "permission_mode",
  "hook_event_name",
];

/** What a hook input must hold besides its event's own values. */
export interface ExpectedHookInput {
  event: string;
  /** When given, session_id must be this. */
  sessionId?: string;
  cwd: string;
  /** When given, permission_mode must be this. */
  mode?: string;
  /** The event's own keys, beyond the common ones: the key set must be exactly both. */
  fields: string[];
}

/** Checks that a hook input's keys are exactly the common ones plus `fields`. */
export function expectHookKeys(input: object, fields: string[]): void {
  expect(Object.keys(input).sort()).toEqual([...COMMON_HOOK_KEYS, ...fields].sort());
}

/** Checks a hook input's key set and common values; transcript_path names its own session. */
export function expectHookInput(input: Record<string, unknown>, want: ExpectedHookInput): void {
  expectHookKeys(input, want.fields);
  if (want.sessionId !== undefined) expect(input.session_id).toBe(want.sessionId);
  expect(input.transcript_path).toMatch(new RegExp(`${String(input.session_id)}\\.jsonl$`));
  expect(input.cwd).toBe(want.cwd);
  if (want.mode !== undefined) expect(input.permission_mode).toBe(want.mode);
  expect(input.hook_event_name).toBe(want.event);
}
