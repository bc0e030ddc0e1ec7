import { randomBytes } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";

function tempPath(path: string): string {
  return `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
}

/** Writes a file whole or not at all (temp file, then rename), so readers never see half. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temp = tempPath(path);
  await writeFile(temp, text);
  await rename(temp, path);
}

/** writeFileAtomic, synchronously: for a write that must land before the next event. */
export function writeFileAtomicSync(path: string, text: string): void {
  const temp = tempPath(path);
  writeFileSync(temp, text);
  renameSync(temp, path);
}
