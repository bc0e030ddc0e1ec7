import { dirname, join, resolve } from "node:path";
import {
  directoriesBelow,
  directoriesFromRoot,
  isStrictlyInside,
  posixRelative,
} from "./directory-chain.js";
import {
  type ConditionalRule,
  conditionalRulesIn,
  projectDirectoryMemory,
} from "./directory-memory.js";
import { matchesGlob } from "./glob-match.js";
import { expandSource, type MemoryLoadContext } from "./import-expansion.js";
import type { MemoryFile, MemoryRoots, MemoryWarningHandler } from "./memory-file.js";
import { locateFile } from "./memory-source.js";

/** What the nested memory tracker needs. */
export interface NestedMemoryOptions extends MemoryRoots {
  /**
   * Paths of memory files already in context (seed it with the startup files' paths); the
   * tracker adds each file it returns, so nothing is attached twice.
   */
  loaded: Set<string>;
  onWarning?: MemoryWarningHandler;
}

/** Finds the memory that reading some files brings into play. */
export interface NestedMemoryTracker {
  /** The memory files not yet in context that apply to these paths (outside cwd: none). */
  filesFor(paths: readonly string[]): Promise<MemoryFile[]>;
}

/** Loads the rules among `rules` whose globs match `target` (relative to each rule's base). */
async function loadMatching(
  rules: readonly ConditionalRule[],
  target: string,
  ctx: MemoryLoadContext,
): Promise<MemoryFile[]> {
  const files: MemoryFile[] = [];
  for (const { source, scope, baseDir } of rules) {
    const globs = source.paths ?? [];
    const relativePath = posixRelative(baseDir, target);
    if (!globs.some((glob) => matchesGlob(relativePath, glob))) continue;
    files.push(...(await expandSource(source, scope, ctx, { conditionalGlobs: globs })));
  }
  return files;
}

/** Conditional rules of the user folders and of every folder from the root down to cwd. */
async function broadConditionalRules(
  roots: MemoryRoots,
  ctx: MemoryLoadContext,
): Promise<ConditionalRule[]> {
  const rules: ConditionalRule[] = [];
  for (const folder of [join(roots.home, ".claude"), roots.stateDir]) {
    rules.push(...(await conditionalRulesIn(join(folder, "rules"), "user", roots.cwd, ctx)));
  }
  for (const dir of directoriesFromRoot(roots.cwd)) {
    rules.push(...(await conditionalRulesIn(join(dir, ".claude", "rules"), "project", dir, ctx)));
  }
  return rules;
}

/** Memory for one read file: matching broad rules, then each folder from below cwd down to it. */
async function filesForTarget(
  target: string,
  cwd: string,
  broad: readonly ConditionalRule[],
  ctx: MemoryLoadContext,
): Promise<MemoryFile[]> {
  const files = await loadMatching(broad, target, ctx);
  for (const dir of directoriesBelow(cwd, dirname(target))) {
    const found = await projectDirectoryMemory(dir, ctx);
    files.push(...found.files, ...(await loadMatching(found.conditional, target, ctx)));
  }
  return files;
}

/**
 * Tracks nested memory for a session: CLAUDE.md files (and rules) in folders below cwd, and
 * conditional rules, brought in when the model reads a file they apply to. Calls run one at a
 * time, so overlapping calls cannot attach the same file twice.
 */
export function createNestedMemoryTracker(options: NestedMemoryOptions): NestedMemoryTracker {
  const cwd = resolve(options.cwd);
  const roots: MemoryRoots = { cwd, home: options.home, stateDir: options.stateDir };
  const realPaths = new Map<string, string>();

  /** The loaded set by real path, so a file reached through a symlink counts as loaded. */
  async function seenNow(): Promise<Set<string>> {
    const seen = new Set<string>();
    for (const path of options.loaded) {
      let real = realPaths.get(path);
      if (real === undefined) {
        real = (await locateFile(path)) ?? resolve(path);
        realPaths.set(path, real);
      }
      seen.add(real);
    }
    return seen;
  }

  async function collect(paths: readonly string[]): Promise<MemoryFile[]> {
    const targets = paths.map((path) => resolve(cwd, path)).filter((p) => isStrictlyInside(cwd, p));
    if (targets.length === 0) return [];
    const onWarning = options.onWarning ?? (() => {});
    const ctx: MemoryLoadContext = { home: options.home, seen: await seenNow(), onWarning };
    const broad = await broadConditionalRules(roots, ctx);
    const files: MemoryFile[] = [];
    for (const target of targets) files.push(...(await filesForTarget(target, cwd, broad, ctx)));
    for (const file of files) options.loaded.add(file.path);
    return files;
  }

  let tail: Promise<unknown> = Promise.resolve();
  return {
    filesFor(paths) {
      const run = tail.then(() => collect(paths));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
