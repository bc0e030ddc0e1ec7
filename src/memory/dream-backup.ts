import { cp, mkdir, readdir, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { DREAM_LOCK } from "./dream-lock.js";

/** How many dated backups of a memory folder are kept. */
export const KEPT_BACKUPS = 5;

/** Beside the memory folder (so the dreaming agent, confined to the folder, cannot touch them). */
export function backupsFolder(memoryDir: string): string {
  return join(dirname(memoryDir), `${basename(memoryDir)}-backups`);
}

/** A file-name-safe, sortable stamp of a time: 2026-12-04T20-14-21-000Z. */
function stamp(nowMs: number): string {
  return new Date(nowMs).toISOString().replace(/[:.]/g, "-");
}

/**
 * Copies the memory folder (the lock aside) to a dated backup and removes all but the newest
 * five; returns the backup's path.
 */
export async function backupMemory(memoryDir: string, nowMs: number): Promise<string> {
  const root = backupsFolder(memoryDir);
  const target = join(root, stamp(nowMs));
  await mkdir(root, { recursive: true });
  await cp(memoryDir, target, {
    recursive: true,
    errorOnExist: true,
    force: false,
    filter: (source) => basename(source) !== DREAM_LOCK,
  });
  const all = (await readdir(root)).sort();
  await Promise.all(
    all
      .slice(0, Math.max(0, all.length - KEPT_BACKUPS))
      .map((name) => rm(join(root, name), { recursive: true, force: true })),
  );
  return target;
}
