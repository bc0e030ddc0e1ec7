import { lstat, readlink, realpath } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { type Jail, jailWorks, programOnPath } from "./bash/read-only-jail.js";
import { isWithinFolder } from "./file-paths.js";

/** Where one search (Grep or Glob) runs ripgrep, and what its jail must hide. */
export interface SearchPlaces {
  /** What ripgrep reads: the file or folder given to it. */
  root: string;
  /** The folder ripgrep runs in. */
  cwd: string;
  /** The ripgrep binary, as runRipgrep spawns it (a bare name is looked up on `path`). */
  rgPath: string;
  /** Folders searched without a jail: the working folders and keel's state folder. */
  folders: readonly string[];
  /** The session's PATH (bwrap and a bare ripgrep are looked up on it). */
  path: string | undefined;
  /** The paths Read deny rules cover (asked only for a jail). */
  hidden: () => string[];
}

/**
 * True only when `root`, with every link followed, lies inside one of `folders` (also
 * followed). There ripgrep can run directly: it follows no links while it walks.
 */
async function provablyInside(root: string, folders: readonly string[]): Promise<boolean> {
  const real = await realpath(root).catch(() => undefined);
  if (real === undefined) return false;
  for (const folder of folders) {
    const realFolder = await realpath(folder).catch(() => undefined);
    if (realFolder !== undefined && isWithinFolder(real, realFolder)) return true;
  }
  return false;
}

/** Symlink chains longer than this are treated as loops (the kernel's own limit). */
const MAX_LINK_HOPS = 40;

/**
 * The real places a jail must mount back for `path`, as written, to lead where it does
 * outside: each folder that holds a link on the way, and the file or folder the path ends at.
 * Mounting the written path itself would not do: bwrap cannot mount over a link.
 */
async function reachablePlaces(path: string): Promise<string[]> {
  const places: string[] = [];
  const segments = (absolute: string) => absolute.split(sep).filter((part) => part !== "");
  const parts = segments(resolve(path));
  let current: string = sep;
  for (let hops = 0; parts.length > 0; ) {
    const next = join(current, parts.shift() ?? "");
    const info = await lstat(next).catch(() => undefined);
    const link = info?.isSymbolicLink() ? await readlink(next).catch(() => undefined) : undefined;
    if (link !== undefined && hops++ < MAX_LINK_HOPS) {
      // A link's target starts from the folder it sits in, which must be there too.
      places.push(current);
      parts.unshift(...segments(resolve(current, link)));
      current = sep;
    } else {
      current = next;
    }
  }
  return [...places, current];
}

/**
 * The jail a search runs ripgrep in: none inside the working folders (fast, and ripgrep
 * follows no links there), and none where bwrap is missing or cannot make a jail. Anywhere
 * else the root was allowed by a rule or a person, and the jail hides what Read deny rules
 * cover even where the per-file filter would miss it (a link under another name, say).
 */
export async function searchJail(places: SearchPlaces): Promise<Jail | undefined> {
  if (await provablyInside(places.root, places.folders)) return undefined;
  const bwrap = programOnPath("bwrap", places.path);
  const rg = programOnPath(places.rgPath, places.path);
  // Without ripgrep to find, running it unjailed reports the missing binary clearly.
  if (!bwrap || !rg || !(await jailWorks(bwrap))) return undefined;
  const reachable = await Promise.all(
    [places.root, places.cwd, rg].map((path) => reachablePlaces(path)),
  );
  return {
    bwrap,
    // Parents first: a folder mounted after one below it would cover it.
    keep: [...new Set(reachable.flat())].sort(),
    writable: [],
    hidden: places.hidden(),
  };
}
