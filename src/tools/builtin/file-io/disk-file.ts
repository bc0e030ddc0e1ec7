import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { errorCode } from "../file-paths.js";
import type { FileOwnership } from "./atomic-write.js";
import { type DecodedText, decodeText } from "./encoding.js";

/** A text file as found on disk, with what is needed to check freshness and write it back. */
export interface TextFile extends DecodedText {
  kind: "file";
  /** Modification time (ms) when it was read. */
  mtimeMs: number;
  ownership: FileOwnership;
}

/** What is at a path a file tool is about to change. */
export type DiskFile =
  | TextFile
  | { kind: "missing" }
  | { kind: "directory" }
  /** A FIFO, socket or device: reading it could block or never end. */
  | { kind: "not-regular" }
  | { kind: "too-large"; size: number };

/** Files above this size are not loaded for editing (Claude Code allows 1 GiB; V8 strings do not). */
export const MAX_EDITABLE_BYTES = 256 * 1024 * 1024;

/**
 * Loads the file at `path` (symlinks followed). Size, time and bytes all come from one open
 * handle, so they describe the same file. Errors other than "missing" are thrown.
 */
export async function loadDiskFile(path: string, maxBytes = MAX_EDITABLE_BYTES): Promise<DiskFile> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    // O_NONBLOCK: opening a FIFO for reading must not wait for a writer to appear.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    if (code === "EISDIR") return { kind: "directory" };
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) return { kind: "directory" };
    if (!stats.isFile()) return { kind: "not-regular" };
    if (stats.size > maxBytes) return { kind: "too-large", size: stats.size };
    const decoded = decodeText(await handle.readFile());
    const ownership = { mode: stats.mode, uid: stats.uid, gid: stats.gid };
    return { kind: "file", ...decoded, mtimeMs: stats.mtimeMs, ownership };
  } finally {
    await handle.close();
  }
}
