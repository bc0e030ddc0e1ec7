import { readdir } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";

/** Folders with more entries than this are not searched for a similar name. */
const MAX_ENTRIES = 5000;

/** Edit distance between two short strings (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** How unlike `wanted` a name is; undefined when it is too unlike to suggest. */
export function nameDistance(wanted: string, candidate: string): number | undefined {
  if (candidate.toLowerCase() === wanted.toLowerCase()) return 0;
  const stem = (name: string) => name.slice(0, name.length - extname(name).length).toLowerCase();
  if (stem(wanted) !== "" && stem(candidate) === stem(wanted)) return 1;
  const distance = editDistance(wanted.toLowerCase(), candidate.toLowerCase());
  const allowed = Math.max(1, Math.min(3, Math.floor(wanted.length / 4)));
  return distance <= allowed ? distance + 1 : undefined;
}

/** A file in the same folder whose name is close to the missing one, if there is one. */
export async function findSimilarFile(missingPath: string): Promise<string | undefined> {
  const folder = dirname(missingPath);
  const wanted = basename(missingPath);
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch {
    return undefined;
  }
  let best: { name: string; distance: number } | undefined;
  for (const name of entries.slice(0, MAX_ENTRIES)) {
    const distance = nameDistance(wanted, name);
    if (distance === undefined || name === wanted) continue;
    if (!best || distance < best.distance || (distance === best.distance && name < best.name)) {
      best = { name, distance };
    }
  }
  return best ? join(folder, best.name) : undefined;
}
