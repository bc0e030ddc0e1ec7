import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

/** Every folder from the filesystem root down to `dir`, root first. */
export function directoriesFromRoot(dir: string): string[] {
  const chain: string[] = [];
  let current = resolve(dir);
  for (;;) {
    chain.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return chain.reverse();
}

/** Whether `child` lies strictly inside `parent` (not equal to it). */
export function isStrictlyInside(parent: string, child: string): boolean {
  const rel = relative(resolve(parent), resolve(child));
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** The folders strictly below `top` down to and including `dir`, top-most first. */
export function directoriesBelow(top: string, dir: string): string[] {
  if (!isStrictlyInside(top, dir)) return [];
  return directoriesFromRoot(dir).filter((folder) => isStrictlyInside(top, folder));
}

/** `to` relative to `from`, with `/` separators, as globs expect. */
export function posixRelative(from: string, to: string): string {
  return relative(from, to).split(sep).join("/");
}
