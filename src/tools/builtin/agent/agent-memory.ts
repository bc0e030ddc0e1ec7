import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AgentDefinition } from "../../../config/agent-definition.js";

/** How much of an agent's MEMORY.md goes into its system prompt (as the session's index). */
const MEMORY_INDEX_CHARS = 25_000;

/**
 * An agent's own memory folder, as Claude Code places it: `user` in
 * ~/.claude/agent-memory/<agent>/, `project` in .claude/agent-memory/<agent>/ and `local`
 * in .claude/agent-memory-local/<agent>/ of the working folder.
 */
export function agentMemoryDir(
  scope: NonNullable<AgentDefinition["memory"]>,
  agentType: string,
  places: { cwd: string; home: string },
): string {
  // A plugin's agent is named plugin:agent; one folder name either way.
  const folder = agentType.replaceAll(":", "-");
  switch (scope) {
    case "user":
      return join(places.home, ".claude", "agent-memory", folder);
    case "project":
      return join(places.cwd, ".claude", "agent-memory", folder);
    case "local":
      return join(places.cwd, ".claude", "agent-memory-local", folder);
  }
}

async function readIndex(dir: string): Promise<string> {
  try {
    return (await readFile(join(dir, "MEMORY.md"), "utf8")).slice(0, MEMORY_INDEX_CHARS).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

/**
 * The definition with its memory in the system prompt, when it has `memory`: where its
 * folder is, and the folder's MEMORY.md (none yet: said so).
 */
export async function withAgentMemory(
  definition: AgentDefinition,
  places: { cwd: string; home: string },
): Promise<AgentDefinition> {
  if (definition.memory === undefined) return definition;
  const dir = agentMemoryDir(definition.memory, definition.name, places);
  const index = await readIndex(dir);
  const section = [
    "# Your memory",
    `Your own memory folder is ${dir}: keep what will help you next time there, with MEMORY.md as its index.`,
    index === "" ? "It has no MEMORY.md yet." : `Its MEMORY.md now:\n\n${index}`,
  ].join("\n");
  return { ...definition, prompt: `${definition.prompt}\n\n${section}` };
}
