import type { PermissionEngine } from "../policy/engine.js";
import type { FileHistory } from "../session/file-history/file-history.js";
import { resolveInputPath } from "../tools/builtin/file-paths.js";
import type { PermissionMode } from "../tools/context.js";
import type { AnyTool } from "../tools/tool.js";
import { type ExpansionVerdict, expansionDecider } from "./repl/commands/expansion-permissions.js";

/** What an SDK host's file requests (read_file, seed_read_state, rewind_files) act on. */
export interface SessionFiles {
  /** The absolute path the file tools would use (relative to the working folder; `~` is home). */
  resolve(path: string): string;
  /**
   * Decides reading an absolute path as a Read call of it is decided now: rules, mode, working
   * folders and Read's own check. Nobody is asked, so an "ask" refuses as a "deny" does.
   */
  decideRead(path: string): Promise<ExpansionVerdict>;
  /** The files Edit and Write changed, per user turn. */
  history: Pick<FileHistory, "restoreFiles" | "restorePreview">;
}

/** What the session's files are reached through. */
export interface SessionFilesInputs {
  cwd: string;
  home: string;
  permissions: PermissionEngine;
  tools: () => readonly AnyTool[];
  mode: () => PermissionMode;
  history: FileHistory;
}

/** The session's files as an SDK host reaches them, under the session's permissions. */
export function sessionFiles(inputs: SessionFilesInputs): SessionFiles {
  const decide = expansionDecider({
    engine: () => inputs.permissions,
    tools: inputs.tools,
    mode: inputs.mode,
    cwd: inputs.cwd,
  });
  return {
    resolve: (path) => resolveInputPath(path, inputs.cwd, inputs.home),
    decideRead: (path) => decide({ tool: "Read", path }, { rules: [], origin: "an SDK host" }),
    history: inputs.history,
  };
}
