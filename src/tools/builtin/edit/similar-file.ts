import { readdir } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";

function stem(name: string): string {
  return name.slice(0, name.length - extname(name).length).toLowerCase();
}

/**
 * A file beside a missing one that was probably meant: same name in another case, or the
 * same name with another extension (`app.js` for `app.ts`).
 */
export async function findSimilarFile(path: string): Promise<string | undefined> {
  const wanted = basename(path);
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  const sameIgnoringCase = names.find((name) => name.toLowerCase() === wanted.toLowerCase());
  const sameStem = names.find((name) => name !== wanted && stem(name) === stem(wanted));
  const found = sameIgnoringCase ?? sameStem;
  return found === undefined ? undefined : join(dirname(path), found);
}

/** Claude Code's error for editing a file that does not exist, with a suggestion when one fits. */
export async function missingFileMessage(path: string, cwd: string): Promise<string> {
  const similar = await findSimilarFile(path);
  const hint = similar ? ` Did you mean ${similar}?` : "";
  return `File does not exist. Note: your current working directory is ${cwd}.${hint}`;
}
