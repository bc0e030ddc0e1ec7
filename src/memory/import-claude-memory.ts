import { copyFile, mkdir, readdir, readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { autoMemoryDir } from "./auto-memory-paths.js";

/** Where an import reads from and writes to. */
export interface MemoryImportPlaces {
  /** Claude Code's configuration folder (CLAUDE_CONFIG_DIR or ~/.claude). */
  claudeDir: string;
  stateDir: string;
  cwd: string;
}

/** What an import did, by file (paths relative to the memory folder). */
export type MemoryImport =
  | { type: "missing"; from: string }
  | {
      type: "imported";
      from: string;
      to: string;
      copied: string[];
      /** Already in keel's folder with the same text. */
      same: string[];
      /** In keel's folder with other text: keel's is kept (nothing is overwritten). */
      kept: string[];
    };

/** Regular files below a folder (symlinks are neither followed nor copied). */
async function filesBelow(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

async function textOf(path: string): Promise<string | undefined> {
  return readFile(path, "utf8").catch(() => undefined);
}

/**
 * Copies Claude Code's auto memory of the project (`<claude>/projects/<…>/memory`) into keel's,
 * never overwriting a file keel already has.
 */
export async function importClaudeMemory(places: MemoryImportPlaces): Promise<MemoryImport> {
  const from = await autoMemoryDir(places.claudeDir, places.cwd);
  const to = await autoMemoryDir(places.stateDir, places.cwd);
  const files = await filesBelow(from).catch(() => undefined);
  if (files === undefined) return { type: "missing", from };
  const result = {
    type: "imported" as const,
    from,
    to,
    copied: [] as string[],
    same: [] as string[],
    kept: [] as string[],
  };
  for (const file of files.sort()) {
    const ours = await textOf(join(to, file));
    if (ours === undefined) {
      await mkdir(dirname(join(to, file)), { recursive: true });
      await copyFile(join(from, file), join(to, file));
      result.copied.push(file);
    } else if (ours === (await textOf(join(from, file)))) result.same.push(file);
    else result.kept.push(file);
  }
  return result;
}
