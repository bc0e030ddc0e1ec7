import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** The folder of a session's plans (contracts.md §3: `projects/<…>/<session-id>/plans/`). */
export function planFolder(sessionDir: string): string {
  return join(sessionDir, "plans");
}

/** The plan file of a session's main thread: the one file plan mode lets the model write. */
export function planFilePath(sessionDir: string): string {
  return join(planFolder(sessionDir), "plan.md");
}

/** The plan as the file holds it; null when none has been written yet. */
export async function readPlan(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Replaces the plan (a person or an SDK host edited it). */
export async function writePlan(path: string, plan: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, plan, "utf8");
}
