import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { MemoryLoadContext } from "./import-expansion.js";
import { locateFile, type MemorySource, readMemorySource } from "./memory-source.js";

/** A rules folder's files, split by whether their frontmatter limits them to some paths. */
export interface ScannedRules {
  unconditional: MemorySource[];
  /** Each has `paths`: they load only when a matching file is read. */
  conditional: MemorySource[];
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Collects `*.md` below `dir`; `visited` holds real folder paths so symlink loops end. */
async function collect(dir: string, visited: Set<string>, out: string[]): Promise<void> {
  const real = await locateFile(dir);
  if (!real || visited.has(real)) return;
  visited.add(real);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names.sort()) {
    const path = join(dir, name);
    if (await isDirectory(path)) await collect(path, visited, out);
    else if (name.toLowerCase().endsWith(".md")) out.push(path);
  }
}

/** Every `*.md` file below a rules folder (recursively, symlinks followed), in name order. */
export async function listRuleFiles(rulesDir: string): Promise<string[]> {
  const files: string[] = [];
  await collect(rulesDir, new Set(), files);
  return files;
}

/** Reads a rules folder, skipping files already in context. */
export async function scanRules(rulesDir: string, ctx: MemoryLoadContext): Promise<ScannedRules> {
  const scanned: ScannedRules = { unconditional: [], conditional: [] };
  for (const path of await listRuleFiles(rulesDir)) {
    const realPath = await locateFile(path);
    if (!realPath || ctx.seen.has(realPath)) continue;
    const source = await readMemorySource(path, realPath, ctx.onWarning);
    if (source) (source.paths ? scanned.conditional : scanned.unconditional).push(source);
  }
  return scanned;
}
