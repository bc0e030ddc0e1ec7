/** How many suggestions the menu shows at most. */
export const MAX_SUGGESTIONS = 8;

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * How well a path fits what was typed (lower is better), or undefined when it does not:
 * the path starts with it, then its file name does, then a path segment does, then it merely
 * contains it. Case is ignored.
 */
function rank(path: string, typed: string): number | undefined {
  const lower = path.toLowerCase();
  if (lower.startsWith(typed)) return 0;
  if (baseName(lower).startsWith(typed)) return 1;
  if (lower.includes(`/${typed}`)) return 2;
  if (lower.includes(typed)) return 3;
  return undefined;
}

/**
 * What `@` can complete to: the files, and the folders holding them (`src/`, `src/cli/`) so a
 * folder can be picked and then completed into. Computed once per listing.
 */
export function completionCandidates(files: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    for (let slash = file.indexOf("/"); slash !== -1; slash = file.indexOf("/", slash + 1)) {
      folders.add(file.slice(0, slash + 1));
    }
  }
  return [...folders, ...files];
}

/**
 * The paths to suggest for `@<typed>` among the candidates: best fits first, then shorter
 * paths, then by name. An empty prefix offers the top-level entries.
 */
export function matchFiles(
  candidates: readonly string[],
  typed: string,
  limit = MAX_SUGGESTIONS,
): string[] {
  const wanted = typed.toLowerCase();
  if (wanted === "") {
    const top = candidates.filter((path) => !path.slice(0, -1).includes("/"));
    return top.sort().slice(0, limit);
  }
  const ranked: Array<{ path: string; rank: number }> = [];
  for (const path of candidates) {
    const score = rank(path, wanted);
    if (score !== undefined && path.toLowerCase() !== wanted) ranked.push({ path, rank: score });
  }
  ranked.sort(
    (a, b) => a.rank - b.rank || a.path.length - b.path.length || a.path.localeCompare(b.path),
  );
  return ranked.slice(0, limit).map((entry) => entry.path);
}
