import { readFile, stat } from "node:fs/promises";
import type { Attachment } from "../../protocol/messages.js";
import { decodeText } from "../../tools/builtin/file-io/encoding.js";
import { toLf } from "../../tools/builtin/file-io/line-endings.js";
import { isMissingPathError } from "../../tools/builtin/file-paths.js";
import type { FileState, FileStateCache } from "../../tools/file-state-cache.js";
import { changedFileSnippet } from "./changed-file-snippet.js";

/** The file-system calls the changed-file check makes (injected; tests may fail them). */
export interface ChangedFileDeps {
  readFile(path: string): Promise<Uint8Array>;
  stat(path: string): Promise<{ mtimeMs: number }>;
}

/** The real file system. */
export const NODE_CHANGED_FILE_DEPS: ChangedFileDeps = {
  readFile: (path) => readFile(path),
  stat: (path) => stat(path),
};

/** What one entry's check found. */
type Check =
  | { kind: "unchanged" }
  | { kind: "missing" }
  | { kind: "changed"; text: string; mtimeMs: number };

/** A file's text as Read records it (no byte-order mark, LF breaks, no final break), or undefined for binary. */
function asReadKeepsIt(bytes: Uint8Array): string | undefined {
  const decoded = decodeText(bytes);
  if (!decoded.lossless || decoded.text.includes("\u0000")) return undefined;
  return toLf(decoded.text).replace(/\n$/, "");
}

/** Missing files are reported as such; any other failure (permissions, a folder) is skipped. */
async function check(path: string, state: FileState, deps: ChangedFileDeps): Promise<Check> {
  try {
    const { mtimeMs } = await deps.stat(path);
    // Writes record a whole-millisecond time, Read the exact one: compare whole milliseconds.
    if (Math.floor(mtimeMs) <= Math.floor(state.timestamp)) return { kind: "unchanged" };
    const text = asReadKeepsIt(await deps.readFile(path));
    return text === undefined ? { kind: "unchanged" } : { kind: "changed", text, mtimeMs };
  } catch (error) {
    if (isMissingPathError(error)) return { kind: "missing" };
    return { kind: "unchanged" };
  }
}

/** Only a read of the whole file can be diffed against the whole file now on disk. */
function isWholeRead(state: FileState): boolean {
  return state.offset === undefined && state.limit === undefined;
}

/**
 * `edited_text_file` attachments for files the model read whole that changed on disk since:
 * the new lines around each change. The cache entry is moved to the new text and time, so each
 * change is reported once; a file that is gone is dropped from the cache; binary or unreadable
 * files are skipped. Stops early (with what it has) when `signal` aborts.
 */
export async function changedFileAttachments(
  readFileState: FileStateCache,
  deps: ChangedFileDeps,
  signal?: AbortSignal,
): Promise<Attachment[]> {
  const out: Attachment[] = [];
  for (const path of [...readFileState.keys()]) {
    if (signal?.aborted) break;
    const state = readFileState.get(path);
    if (!state || !isWholeRead(state)) continue;
    const found = await check(path, state, deps);
    if (found.kind === "missing") readFileState.delete(path);
    if (found.kind !== "changed") continue;
    const before = toLf(state.content).replace(/\n$/, "");
    // Not marked fromRead: the model saw only the changed lines, so a Read must show the file.
    readFileState.set(path, { content: found.text, timestamp: found.mtimeMs });
    const snippet = changedFileSnippet(before, found.text);
    if (snippet !== undefined) out.push({ type: "edited_text_file", filename: path, snippet });
  }
  return out;
}
