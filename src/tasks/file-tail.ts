import { open } from "node:fs/promises";

/**
 * The last `limit` bytes of a file and its whole size, read through one handle (so both
 * describe the same file). A file not there (nothing written yet, or removed) reads as empty.
 */
export async function fileTail(
  path: string,
  limit: number,
): Promise<{ bytes: Buffer; size: number }> {
  const handle = await open(path, "r").catch(() => undefined);
  if (!handle) return { bytes: Buffer.alloc(0), size: 0 };
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, limit);
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await handle.read(bytes, 0, length, size - length);
    return { bytes: bytes.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
}
