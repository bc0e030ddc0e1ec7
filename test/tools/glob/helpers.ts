import { execFileSync } from "node:child_process";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** Makes `dir` a git repository (ripgrep applies .gitignore only inside one). */
export function gitInit(dir: string): void {
  execFileSync("git", ["init", "-q", dir], { stdio: "ignore" });
}

/** Writes files (relative path → content), creating folders as needed. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}

/** Sets a file's modification time (seconds since the epoch). */
export async function setMtime(path: string, seconds: number): Promise<void> {
  await utimes(path, seconds, seconds);
}

/** Writes `count` files in 100 folders: `d<k>/f<i>.txt`, each holding `content(i)`. */
export async function writeTree(
  dir: string,
  count: number,
  content: (i: number) => string,
): Promise<string[]> {
  const paths: string[] = [];
  for (let d = 0; d < 100; d++) await mkdir(join(dir, `d${d}`), { recursive: true });
  const writes: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const path = join(dir, `d${i % 100}`, `f${i}.txt`);
    paths.push(path);
    writes.push(writeFile(path, content(i)));
    if (writes.length >= 200) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  return paths;
}

/** An old time every generated file gets, so chosen files can be made newer. */
export const OLD_MTIME = 1_600_000_000;
