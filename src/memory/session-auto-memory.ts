import { mkdir } from "node:fs/promises";
import type { SessionContext } from "../session/engine/config.js";
import { type AutoMemorySwitches, autoMemoryEnabled } from "./auto-memory-enabled.js";
import { autoMemoryDir } from "./auto-memory-paths.js";
import { autoMemorySection } from "./auto-memory-prompt.js";
import { loadMemoryIndex } from "./memory-index.js";

/** Where a session's auto memory is, and whether it has one. */
export interface AutoMemoryPlace extends AutoMemorySwitches {
  stateDir: string;
  cwd: string;
}

/**
 * The session's auto memory folder, created (so the model never has to), or undefined when
 * auto memory is off for this session or its folder cannot be made.
 */
export async function openAutoMemory(
  place: AutoMemoryPlace,
  warn: (text: string) => void,
): Promise<string | undefined> {
  if (!autoMemoryEnabled(place)) return undefined;
  const made = await makeMemoryFolder(place);
  if (made.ok) return made.dir;
  // A state folder keel cannot write (--no-session-persistence runs on): no memory, said once.
  warn(`auto memory is off for this session: ${made.problem}`);
  return undefined;
}

/** The project's memory folder, created; or why it cannot be. */
export async function makeMemoryFolder(
  place: Pick<AutoMemoryPlace, "stateDir" | "cwd">,
): Promise<{ ok: true; dir: string } | { ok: false; problem: string }> {
  const dir = await autoMemoryDir(place.stateDir, place.cwd);
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    return { ok: false, problem: `cannot create ${dir} (${(error as Error).message})` };
  }
  return { ok: true, dir };
}

/** The context with the auto memory section (instructions and the loaded index) appended. */
export async function withAutoMemory(
  context: SessionContext,
  memoryDir: string | undefined,
): Promise<SessionContext> {
  if (memoryDir === undefined) return context;
  const section = autoMemorySection(memoryDir, await loadMemoryIndex(memoryDir));
  return { ...context, systemPrompt: `${context.systemPrompt}\n\n${section}` };
}
