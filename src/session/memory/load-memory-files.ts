import { resolve } from "node:path";
import { directoriesFromRoot } from "./directory-chain.js";
import { projectDirectoryMemory, userMemory } from "./directory-memory.js";
import type { MemoryLoadContext } from "./import-expansion.js";
import type { MemoryFile, MemoryRoots, MemoryWarningHandler } from "./memory-file.js";

/** What startup memory loading needs. */
export interface LoadMemoryOptions extends MemoryRoots {
  /**
   * Extra working folders (`--add-dir`) whose own memory is loaded too; the caller passes them
   * only when that is enabled (CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD).
   */
  additionalDirectories?: readonly string[];
  onWarning?: MemoryWarningHandler;
}

/**
 * The memory files that go into the user context at startup, broadest first: the user's, then
 * each folder from the filesystem root down to cwd, then any additional folders. Each file (by
 * real path) appears once; conditional rules are left for nested loading.
 */
export async function loadMemoryFiles(options: LoadMemoryOptions): Promise<MemoryFile[]> {
  const cwd = resolve(options.cwd);
  const ctx: MemoryLoadContext = {
    home: options.home,
    seen: new Set(),
    onWarning: options.onWarning ?? (() => {}),
  };
  const user = await userMemory({ home: options.home, stateDir: options.stateDir, cwd }, ctx);
  const files = [...user.files];
  for (const dir of directoriesFromRoot(cwd)) {
    files.push(...(await projectDirectoryMemory(dir, ctx)).files);
  }
  for (const dir of options.additionalDirectories ?? []) {
    files.push(...(await projectDirectoryMemory(resolve(cwd, dir), ctx)).files);
  }
  return files;
}
