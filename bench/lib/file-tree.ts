import { execFileSync } from "node:child_process";
import { mkdir, open, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** The string some generated files contain, for Grep to find. */
export const MARKER = "KEEL_BENCH_MARKER";

/** What a generated tree holds (counts exclude the .gitignore itself). */
export interface TreeCounts {
  files: number;
  /** .ts files outside the ignored folder. */
  tsFiles: number;
  /** Files holding the marker outside the ignored folder. */
  markerFiles: number;
  /** Files in the folder .gitignore excludes (some are .ts, some hold the marker). */
  ignoredFiles: number;
}

const EXTENSIONS = ["ts", "ts", "js", "md", "json", "py", "txt", "tsx"];
const IGNORED_FOLDER = "generated";
/** Files written at once: enough to keep the disk busy, few enough for the fd limit. */
const BATCH = 256;

/** The relative path of file i: folders two or four deep, a mix of extensions. */
function pathOf(i: number, ignored: boolean): string {
  const ext = EXTENSIONS[i % EXTENSIONS.length]!;
  const name = `file${i}.${ext}`;
  if (ignored) return join(IGNORED_FOLDER, `part${i % 20}`, name);
  const top = `pkg${i % 24}`;
  const sub = `mod${Math.floor(i / 24) % 20}`;
  return i % 5 === 0 ? join(top, sub, "deep", "inner", name) : join(top, sub, name);
}

function contentOf(i: number, marked: boolean): string {
  const lines = [`// file ${i}`, `export const value${i} = ${i};`, "x".repeat(120)];
  if (marked) lines.splice(1, 0, `// ${MARKER} ${i}`);
  return `${lines.join("\n")}\n`;
}

/**
 * Writes `total` files under `root` (a fresh `git init` repo, so ripgrep honours .gitignore),
 * of which `ignoredCount` sit in a folder the .gitignore excludes; every 37th file holds MARKER.
 */
export async function generateTree(
  root: string,
  total: number,
  ignoredCount: number,
): Promise<TreeCounts> {
  execFileSync("git", ["init", "-q"], { cwd: root });
  await writeFile(join(root, ".gitignore"), `/${IGNORED_FOLDER}/\n`);
  const counts: TreeCounts = { files: total, tsFiles: 0, markerFiles: 0, ignoredFiles: 0 };
  const files = Array.from({ length: total }, (_, i) => {
    const ignored = i >= total - ignoredCount;
    const marked = i % 37 === 0;
    const path = pathOf(i, ignored);
    if (ignored) counts.ignoredFiles++;
    else {
      if (path.endsWith(".ts")) counts.tsFiles++;
      if (marked) counts.markerFiles++;
    }
    return { path: join(root, path), content: contentOf(i, marked) };
  });
  const folders = new Set(files.map((file) => dirname(file.path)));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  for (let start = 0; start < files.length; start += BATCH) {
    const batch = files.slice(start, start + BATCH);
    await Promise.all(batch.map((file) => writeFile(file.path, file.content)));
  }
  return counts;
}

/** The text of line n of a file written by writeNumberedFile (99 characters). */
export function numberedLine(n: number): string {
  return `row ${String(n).padStart(7, "0")} ${"-".repeat(87)}`;
}

/** Writes a file of numbered 100-byte lines of at least `bytes`; returns its line count. */
export async function writeNumberedFile(path: string, bytes: number): Promise<number> {
  const lines = Math.ceil(bytes / 100);
  const handle = await open(path, "w");
  try {
    const perChunk = 10_000;
    for (let first = 1; first <= lines; first += perChunk) {
      const last = Math.min(lines, first + perChunk - 1);
      const chunk: string[] = [];
      for (let n = first; n <= last; n++) chunk.push(`${numberedLine(n)}\n`);
      await handle.write(chunk.join(""));
    }
  } finally {
    await handle.close();
  }
  return lines;
}
