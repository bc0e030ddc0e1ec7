// Publishes a build without a moment where it is missing: each build is written to a folder of
// its own beside the output folder (`dist.builds/<stamp>`), and the output folder is a symbolic
// link swapped to it with one rename. `node dist/cli.js` works while `npm run build` runs, and a
// keel started from an earlier build keeps loading its lazy chunks from that build's folder
// (Node runs a program from its real path), so the latest few builds are kept.
import { lstat, mkdir, readdir, rename, rm, symlink } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";

/** Builds kept besides the new one, for keels still running from them. */
const KEPT_EARLIER_BUILDS = 2;

/** Publishes of this process so far: two in one millisecond get different folders. */
let published = 0;

/** Where the builds behind `outdir` live. */
export function buildsFolderOf(outdir) {
  return `${outdir}.builds`;
}

/** Runs `write(folder)` into a fresh build folder, then points `outdir` at it. */
export async function publishBuild(outdir, write) {
  const builds = buildsFolderOf(outdir);
  await mkdir(builds, { recursive: true });
  published += 1;
  const stamp = `${Date.now()}-${published}-${process.pid}`;
  const folder = join(builds, stamp);
  await write(folder);
  await moveRealFolderAside(outdir, builds);
  const link = `${outdir}.next-${process.pid}`;
  await rm(link, { force: true });
  await symlink(relative(dirname(outdir), folder), link, "dir");
  await rename(link, outdir);
  await pruneEarlierBuilds(builds, stamp);
  return folder;
}

/** An output folder from before builds were swapped is a real folder: it becomes a kept build. */
async function moveRealFolderAside(outdir, builds) {
  const stat = await lstat(outdir).catch(() => undefined);
  if (stat?.isDirectory()) await rename(outdir, join(builds, `0-${basename(outdir)}`));
}

/** Removes builds older than the kept ones; newer ones may still be being written. */
async function pruneEarlierBuilds(builds, stamp) {
  // Folders are named <ms>-<count>-<pid>: ordered by time, then by this process's count.
  const order = (a, b) => {
    const [msA, countA] = a.split("-").map(Number);
    const [msB, countB] = b.split("-").map(Number);
    return msA - msB || countA - countB;
  };
  const earlier = (await readdir(builds))
    .filter((name) => name !== stamp && order(name, stamp) <= 0)
    .sort((a, b) => order(b, a));
  for (const name of earlier.slice(KEPT_EARLIER_BUILDS)) {
    await rm(join(builds, name), { recursive: true, force: true });
  }
}
