import { readFile, stat } from "node:fs/promises";
import { UnknownTurnError } from "../../session/file-history/file-history.js";
import {
  type FileChange,
  fileChanges,
  rewindStats,
} from "../../session/file-history/rewind-stats.js";
import { MAX_EDITABLE_BYTES } from "../../tools/builtin/file-io/disk-file.js";
import { toLf } from "../../tools/builtin/file-io/line-endings.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";
import { readFileRequest } from "./read-file-request.js";

/**
 * seed_read_state: records a read the host saw (one since dropped from the context), so a
 * later Edit or Write passes its read-before-write check. Only a path Read may read now is
 * seeded, and only while the file still has the host's mtime: a file changed since is left
 * unseeded (as Claude Code does), so the Edit asks for a fresh read.
 */
async function seedReadState(
  targets: HostTargets,
  request: Record<string, unknown>,
): Promise<Answer> {
  const { path, mtime } = request;
  if (typeof path !== "string" || path === "")
    return { error: "seed_read_state: path must be a path" };
  if (typeof mtime !== "number" || !Number.isFinite(mtime)) {
    return { error: "seed_read_state: mtime must be a number (milliseconds)" };
  }
  const { files, engine } = targets.session;
  const absPath = files.resolve(path);
  const verdict = await files.decideRead(absPath);
  if (verdict.behavior !== "allow") return { error: `seed_read_state: ${verdict.message}` };
  const info = await stat(absPath);
  if (!info.isFile()) return { error: `seed_read_state: ${absPath} is not a regular file` };
  if (Math.floor(info.mtimeMs) !== Math.floor(mtime)) return { ok: {} };
  // Past what Edit takes, a seed could only fill memory: Edit refuses the file anyway.
  if (info.size > MAX_EDITABLE_BYTES) {
    return { error: `seed_read_state: ${absPath} is larger than Edit and Write take` };
  }
  const content = toLf(await readFile(absPath, "utf8"));
  engine.readFileState.set(absPath, { content, timestamp: Math.floor(mtime) });
  return { ok: {} };
}

/**
 * rewind_files: puts the files Edit and Write changed since a user message back as they were
 * before it (the conversation stays as it is); dry_run only says what would change. A message
 * the file history never saw, or a turn running, answers canRewind: false.
 */
async function rewindFiles(
  targets: HostTargets,
  request: Record<string, unknown>,
): Promise<Answer> {
  const { user_message_id: uuid, dry_run: dryRun } = request;
  if (typeof uuid !== "string" || uuid === "") {
    return { error: "rewind_files: user_message_id must be a user message's uuid" };
  }
  const { files, engine } = targets.session;
  // A turn's Edit could land between the look and the restore, or after it.
  if (engine.busy) return { ok: { canRewind: false, error: "cannot rewind while a turn runs" } };
  let changes: FileChange[];
  try {
    changes = await fileChanges(await files.history.restorePreview(uuid));
  } catch (error) {
    if (!(error instanceof UnknownTurnError)) throw error;
    return { ok: { canRewind: false, error: `no file checkpoint for user message ${uuid}` } };
  }
  if (dryRun === true) return { ok: { canRewind: true, ...rewindStats(changes) } };
  const { skipped } = await files.history.restoreFiles(uuid);
  const restored = changes.filter((change) => !skipped.includes(change.path));
  return { ok: { canRewind: true, ...rewindStats(restored), skippedLinks: skipped.length } };
}

/** The SDK's file requests, by subtype. */
export const FILE_HANDLERS: HostHandlers = {
  read_file: readFileRequest,
  seed_read_state: seedReadState,
  rewind_files: rewindFiles,
};
