import type { SessionContext } from "../engine/config.js";
import { loadMemoryFiles } from "../memory/load-memory-files.js";
import type { MemoryRoots, MemoryWarningHandler } from "../memory/memory-file.js";
import { renderClaudeMd } from "../memory/render-memory.js";

/** Where memory is read from again, and the set of loaded files nested memory skips. */
export interface FreshMemoryInputs extends MemoryRoots {
  loaded?: Set<string>;
  onWarning?: MemoryWarningHandler;
}

/**
 * A session's context with its memory files read again (after `/memory` opened one in the
 * editor): only the user context's claudeMd changes; the system prompt (git snapshot and all)
 * and the SessionStart hooks' output stay as the session's start made them.
 */
export async function withFreshMemory(
  context: SessionContext,
  inputs: FreshMemoryInputs,
): Promise<SessionContext> {
  const memory = await loadMemoryFiles({
    cwd: inputs.cwd,
    home: inputs.home,
    stateDir: inputs.stateDir,
    ...(inputs.onWarning ? { onWarning: inputs.onWarning } : {}),
  });
  for (const file of memory) inputs.loaded?.add(file.path);
  const { claudeMd: _before, ...rest } = context.userContext;
  const claudeMd = renderClaudeMd(memory);
  // claudeMd leads the user context, as at the session's start.
  return { ...context, userContext: { ...(claudeMd ? { claudeMd } : {}), ...rest } };
}
