import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { keelStateDir } from "../config/paths.js";
import { sessionTranscriptPath } from "../session/transcript/paths.js";
import { git } from "./git-run.js";
import type { RemoteResult } from "./remote-task.js";

/** Where a finished remote task's work landed on this machine. */
export type FetchedWork =
  | { kind: "branch"; branch: string }
  | { kind: "patch"; file: string }
  | { kind: "none"; why: string };

/**
 * Brings a finished task's work here: its pushed branch fetched from origin into the
 * repository at `cwd`, or its patch saved under keel's state folder when it was not pushed.
 */
export async function fetchWork(
  result: RemoteResult,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<FetchedWork> {
  if (result.pushed && result.branch) {
    try {
      await git(cwd, ["fetch", "--quiet", "origin", `${result.branch}:${result.branch}`]);
      return { kind: "branch", branch: result.branch };
    } catch (error) {
      return { kind: "none", why: error instanceof Error ? error.message : String(error) };
    }
  }
  if (result.patch === undefined) return { kind: "none", why: "the task left no work" };
  const file = join(keelStateDir(env), "remote", `${result.taskId}.patch`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, result.patch);
  return { kind: "patch", file };
}

/** Writes the task's transcript where `keel --resume <session>` in `cwd` finds it. */
export async function placeTranscript(
  transcript: Buffer,
  sessionId: string,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  const path = sessionTranscriptPath(keelStateDir(env), cwd, sessionId);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, transcript);
  return path;
}
