import { constants } from "node:fs";
import { open } from "node:fs/promises";
import type { Answer, HostTargets } from "./host-handler.js";

/** What read_file reads when the host names no max_bytes (the SDK's documented default). */
const DEFAULT_MAX_BYTES = 1024 * 1024;

/** The first `limit` bytes of a regular file, and whether there were more. */
async function headOf(path: string, limit: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  // O_NONBLOCK: opening a FIFO nobody writes to would wait forever, and the host's request with it.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`${path} is not a regular file`);
    const bytes = Buffer.alloc(Math.min(info.size, limit));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return { bytes: bytes.subarray(0, bytesRead), truncated: info.size > bytesRead };
  } finally {
    await handle.close();
  }
}

/** The bytes as UTF-8 text, and whether some were not valid UTF-8 (replaced by U+FFFD). */
function utf8Of(bytes: Buffer): { contents: string; lossy: boolean } {
  try {
    return { contents: new TextDecoder("utf-8", { fatal: true }).decode(bytes), lossy: false };
  } catch {
    return { contents: new TextDecoder("utf-8").decode(bytes), lossy: true };
  }
}

function maxBytesOf(value: unknown): number | string {
  if (value === undefined || value === null) return DEFAULT_MAX_BYTES;
  if (typeof value === "number" && Number.isInteger(value) && value > 0) return value;
  return "max_bytes must be a positive whole number";
}

/**
 * read_file: a file's bytes for the host's viewer, decided first as a Read call of the path
 * is (deny rules, the working folders, the mode): a read the Read tool could not make without
 * asking is refused, and nothing of the file is sent.
 */
export async function readFileRequest(
  targets: HostTargets,
  request: Record<string, unknown>,
): Promise<Answer> {
  const { path, encoding } = request;
  if (typeof path !== "string" || path === "") return { error: "read_file: path must be a path" };
  if (
    encoding !== undefined &&
    encoding !== null &&
    encoding !== "utf-8" &&
    encoding !== "base64"
  ) {
    return { error: 'read_file: encoding must be "utf-8" or "base64"' };
  }
  const limit = maxBytesOf(request.max_bytes);
  if (typeof limit === "string") return { error: `read_file: ${limit}` };
  const { files } = targets.session;
  const absPath = files.resolve(path);
  const verdict = await files.decideRead(absPath);
  if (verdict.behavior !== "allow") return { error: `read_file: ${verdict.message}` };
  const { bytes, truncated } = await headOf(absPath, limit);
  if (encoding === "base64") {
    return { ok: { contents: bytes.toString("base64"), absPath, truncated, encoding: "base64" } };
  }
  return { ok: { ...utf8Of(bytes), absPath, truncated } };
}
