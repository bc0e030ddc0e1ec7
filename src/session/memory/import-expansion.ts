import { dirname } from "node:path";
import { findImportPaths, isTextImport, resolveImportPath } from "./import-paths.js";
import type { MemoryFile, MemoryScope, MemoryWarningHandler } from "./memory-file.js";
import { locateFile, type MemorySource, readMemorySource } from "./memory-source.js";

/** How many imports deep a chain may go: a file reached through a sixth import is not loaded. */
export const MAX_IMPORT_DEPTH = 5;

/** State shared while memory is being gathered. */
export interface MemoryLoadContext {
  home: string;
  /** Real paths already in context (loaded or on the import stack): never loaded twice. */
  seen: Set<string>;
  onWarning: MemoryWarningHandler;
}

/** Places a read file in context, followed (depth first) by the files it imports. */
export async function expandSource(
  source: MemorySource,
  scope: MemoryScope,
  ctx: MemoryLoadContext,
  options: { depth?: number; conditionalGlobs?: string[] } = {},
): Promise<MemoryFile[]> {
  if (ctx.seen.has(source.realPath)) return [];
  ctx.seen.add(source.realPath);
  const file: MemoryFile = { path: source.path, scope, content: source.content };
  if (options.conditionalGlobs) file.conditionalGlobs = options.conditionalGlobs;
  const files = [file];
  const depth = options.depth ?? 0;
  for (const path of findImportPaths(source.content)) {
    files.push(...(await loadImport(path, source.path, scope, ctx, depth + 1)));
  }
  return files;
}

/** Loads one `@path` import of `importer`, unless it is not text, missing, loaded or too deep. */
async function loadImport(
  path: string,
  importer: string,
  scope: MemoryScope,
  ctx: MemoryLoadContext,
  depth: number,
): Promise<MemoryFile[]> {
  const target = resolveImportPath(path, dirname(importer), ctx.home);
  if (!isTextImport(target)) return [];
  const realPath = await locateFile(target);
  if (!realPath) {
    ctx.onWarning(`Memory file ${importer} imports @${path}, which was not found (${target})`);
    return [];
  }
  if (ctx.seen.has(realPath)) return [];
  if (depth > MAX_IMPORT_DEPTH) {
    ctx.onWarning(
      `Memory file ${importer} imports @${path}, which is deeper than ${MAX_IMPORT_DEPTH} imports and was not loaded`,
    );
    return [];
  }
  const source = await readMemorySource(target, realPath, ctx.onWarning);
  return source ? expandSource(source, scope, ctx, { depth }) : [];
}

/** Loads a discovered memory file (when it exists and is not loaded yet) with its imports. */
export async function loadMemoryTree(
  path: string,
  scope: MemoryScope,
  ctx: MemoryLoadContext,
): Promise<MemoryFile[]> {
  const realPath = await locateFile(path);
  if (!realPath || ctx.seen.has(realPath)) return [];
  const source = await readMemorySource(path, realPath, ctx.onWarning);
  return source ? expandSource(source, scope, ctx) : [];
}
