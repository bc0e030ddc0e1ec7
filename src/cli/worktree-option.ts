import { keelStateDir } from "../config/paths.js";
import { randomWorktreeName, sessionWorktree } from "../worktree/session-worktree.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import { writeTo } from "./output.js";
import { UsageError } from "./usage-error.js";

/**
 * With `-w/--worktree [name]`, the io of a session that runs in a new git worktree (its
 * working folder), said once on stderr; otherwise the io as it is.
 */
export async function inWorktree(options: CliOptions, io: CliIo): Promise<CliIo> {
  if (options.worktree === undefined) return io;
  try {
    const worktree = await sessionWorktree({
      cwd: io.cwd,
      stateDir: keelStateDir(io.env),
      name: options.worktree || randomWorktreeName(),
    });
    const how = worktree.created ? "a new git worktree" : "the git worktree";
    await writeTo(
      io.stderr,
      `keel: working in ${how} ${worktree.path} (branch ${worktree.branch})\n`,
    );
    return { ...io, cwd: worktree.path };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
