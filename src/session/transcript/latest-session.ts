import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

const TRANSCRIPT_SUFFIX = ".jsonl";

interface Candidate {
  id: string;
  mtimeMs: number;
}

async function candidate(dir: string, name: string): Promise<Candidate | undefined> {
  try {
    const info = await stat(join(dir, name));
    if (!info.isFile()) return undefined;
    return { id: name.slice(0, -TRANSCRIPT_SUFFIX.length), mtimeMs: info.mtimeMs };
  } catch {
    // Removed between listing and stat (another process cleaning up): not a candidate.
    return undefined;
  }
}

/**
 * The id of the session whose transcript in `projectDir` was modified last, for `--continue`;
 * null when the folder holds none (or does not exist). Ties go to the greater id, so the
 * answer never depends on directory order.
 */
export async function findLatestSession(projectDir: string): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(projectDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const found = await Promise.all(
    names
      .filter((name) => name.endsWith(TRANSCRIPT_SUFFIX))
      .map((name) => candidate(projectDir, name)),
  );
  let best: Candidate | undefined;
  for (const entry of found) {
    if (!entry) continue;
    if (
      !best ||
      entry.mtimeMs > best.mtimeMs ||
      (entry.mtimeMs === best.mtimeMs && entry.id > best.id)
    ) {
      best = entry;
    }
  }
  return best?.id ?? null;
}
