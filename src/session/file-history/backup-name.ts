import { createHash } from "node:crypto";

/**
 * The file name of a path's saved bytes: the first 16 hex digits of the path's SHA-256 and the
 * version, so names are flat, fixed-length and free of the path's own characters.
 */
export function backupName(path: string, version: number): string {
  const digest = createHash("sha256").update(path).digest("hex").slice(0, 16);
  return `${digest}@v${version}`;
}
