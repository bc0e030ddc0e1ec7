import { homedir } from "node:os";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import { realPathOf, resolveInputPath } from "../file-paths.js";
import { type AtomicWriteSteps, REAL_ATOMIC_WRITE_STEPS } from "./atomic-write.js";
import { type FileLocks, PROCESS_FILE_LOCKS } from "./file-lock.js";
import type { FileStateKeys } from "./file-state.js";

/** What Write and Edit share beyond the session config (injected; tests replace parts). */
export interface FileToolDeps {
  /** Serialises changes to one file (keyed by real path). */
  locks: FileLocks;
  /** The steps of an atomic write. */
  writeSteps: AtomicWriteSteps;
  /** Where `~` in a path points. */
  home: string;
}

/** The deps a tool factory uses: the given ones over the process-wide defaults. */
export function fileToolDeps(
  config: BuiltinToolsConfig,
  given: Partial<FileToolDeps>,
): FileToolDeps {
  return {
    locks: given.locks ?? PROCESS_FILE_LOCKS,
    writeSteps: given.writeSteps ?? REAL_ATOMIC_WRITE_STEPS,
    home: given.home ?? config.env.HOME ?? homedir(),
  };
}

/** The file a call is about: its absolute path (for readFileState and messages) and real path. */
export async function resolveTarget(
  filePath: string,
  cwd: string,
  home: string,
): Promise<FileStateKeys> {
  const path = resolveInputPath(filePath, cwd, home);
  return { path, realPath: await realPathOf(path) };
}
