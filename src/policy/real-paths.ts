import { resolve } from "node:path";
import { realPathOf } from "../tools/builtin/file-paths.js";

/** A path as written (normalised, `..` resolved) and where it really leads through symlinks. */
export interface PathForms {
  written: string;
  real: string;
}

/** Resolves symlinks (injectable for tests; the default follows the deepest existing ancestor). */
export type RealPathResolver = (path: string) => Promise<string>;

/** The default resolver: realpath of the deepest existing ancestor, the path itself when that fails. */
export const resolveRealPath: RealPathResolver = (path) => realPathOf(path).catch(() => path);

/** Both forms of an absolute path; rules and folder checks look at both. */
export async function pathForms(path: string, realPath: RealPathResolver): Promise<PathForms> {
  const written = resolve(path);
  return { written, real: await realPath(written) };
}

/** Caches real paths of folders (rule anchors, working folders) for the life of an engine. */
export function cachedResolver(realPath: RealPathResolver): RealPathResolver {
  const cache = new Map<string, Promise<string>>();
  return (path) => {
    let hit = cache.get(path);
    if (!hit) {
      hit = realPath(path);
      cache.set(path, hit);
    }
    return hit;
  };
}
