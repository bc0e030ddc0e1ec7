import { join } from "node:path";
import { expandSource, loadMemoryTree, type MemoryLoadContext } from "./import-expansion.js";
import type { MemoryFile, MemoryScope } from "./memory-file.js";
import type { MemorySource } from "./memory-source.js";
import { scanRules } from "./rules-folder.js";

/** A conditional rules file kept aside, with the folder its globs are relative to. */
export interface ConditionalRule {
  source: MemorySource;
  scope: MemoryScope;
  baseDir: string;
}

/** What one place contributes: files loaded now, and conditional rules for later. */
export interface DiscoveredMemory {
  files: MemoryFile[];
  conditional: ConditionalRule[];
}

/** Loads a rules folder's unconditional files; returns its conditional ones unloaded. */
async function loadRulesFolder(
  rulesDir: string,
  scope: MemoryScope,
  baseDir: string,
  ctx: MemoryLoadContext,
): Promise<DiscoveredMemory> {
  const rules = await scanRules(rulesDir, ctx);
  const files: MemoryFile[] = [];
  for (const source of rules.unconditional) files.push(...(await expandSource(source, scope, ctx)));
  const conditional = rules.conditional.map((source) => ({ source, scope, baseDir }));
  return { files, conditional };
}

/** A rules folder's conditional files only (the unconditional ones were loaded at startup). */
export async function conditionalRulesIn(
  rulesDir: string,
  scope: MemoryScope,
  baseDir: string,
  ctx: MemoryLoadContext,
): Promise<ConditionalRule[]> {
  const rules = await scanRules(rulesDir, ctx);
  return rules.conditional.map((source) => ({ source, scope, baseDir }));
}

/**
 * One project folder's memory, in order: CLAUDE.md, .claude/CLAUDE.md, AGENTS.md (unless one of
 * those imported it), .claude/rules (unconditional), CLAUDE.local.md.
 */
export async function projectDirectoryMemory(
  dir: string,
  ctx: MemoryLoadContext,
): Promise<DiscoveredMemory> {
  const files: MemoryFile[] = [];
  for (const name of ["CLAUDE.md", join(".claude", "CLAUDE.md"), "AGENTS.md"]) {
    files.push(...(await loadMemoryTree(join(dir, name), "project", ctx)));
  }
  const rules = await loadRulesFolder(join(dir, ".claude", "rules"), "project", dir, ctx);
  files.push(...rules.files);
  files.push(...(await loadMemoryTree(join(dir, "CLAUDE.local.md"), "local", ctx)));
  return { files, conditional: rules.conditional };
}

/**
 * The user's memory: ~/.claude (people bring their Claude Code setup), then keel's state folder.
 * User conditional rules match paths relative to `cwd`, since they belong to no project.
 */
export async function userMemory(
  roots: { home: string; stateDir: string; cwd: string },
  ctx: MemoryLoadContext,
): Promise<DiscoveredMemory> {
  const found: DiscoveredMemory = { files: [], conditional: [] };
  for (const folder of [join(roots.home, ".claude"), roots.stateDir]) {
    found.files.push(...(await loadMemoryTree(join(folder, "CLAUDE.md"), "user", ctx)));
    const rules = await loadRulesFolder(join(folder, "rules"), "user", roots.cwd, ctx);
    found.files.push(...rules.files);
    found.conditional.push(...rules.conditional);
  }
  return found;
}
