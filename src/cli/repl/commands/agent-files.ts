import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { AgentDefinition } from "../../../config/agent-definition.js";
import { AGENT_NAME, parseAgentFile } from "../../../config/agent-file.js";

/** Where agent files live: the project's `.claude/agents`, or the user's `~/.claude/agents`. */
export type AgentFileScope = "project" | "user";

/** The folders an agent file can be looked for and written in. */
export interface AgentPlaces {
  cwd: string;
  home: string;
}

/** The agents folder of a scope (the folders the loader reads). */
export function agentsFolder(scope: AgentFileScope, places: AgentPlaces): string {
  return join(scope === "project" ? places.cwd : places.home, ".claude", "agents");
}

/** Where a named agent's file is, or why it has none. */
export type AgentFileLookup =
  | { kind: "file"; path: string; scope: AgentFileScope }
  | { kind: "no-file"; reason: string }
  | { kind: "unknown" };

/** Why an agent from a source without a file of the person's cannot be edited or deleted. */
function noFileReason(definition: AgentDefinition): string | undefined {
  const { source } = definition;
  switch (source.kind) {
    case "built-in":
      return `${definition.name} is built into keel: it has no file`;
    case "sdk":
      return `${definition.name} comes from the Agent SDK's agents option: it has no file`;
    case "flagSettings":
      return `${definition.name} comes from --agents: it has no file`;
    case "plugin":
      return `${definition.name} belongs to the plugin ${source.plugin} (${source.path}): change it in the plugin`;
    default:
      return undefined;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The file of the agent a name selects now (the project's before the user's, as the loader
 * ranks them), or, for a name no agent has, `<name>.md` in the project's or the user's folder
 * when it exists: a file that no longer parses can still be opened and fixed.
 */
export async function findAgentFile(
  name: string,
  agents: readonly AgentDefinition[],
  places: AgentPlaces,
): Promise<AgentFileLookup> {
  const definition = agents.find((agent) => agent.name === name);
  if (definition) {
    const { source } = definition;
    if (source.kind === "project" || source.kind === "user") {
      return { kind: "file", path: source.path, scope: source.kind };
    }
    return { kind: "no-file", reason: noFileReason(definition) ?? `${name} has no file` };
  }
  // A name that is no agent's is only looked for as a plain file name (never `../x`).
  if (!AGENT_NAME.test(name)) return { kind: "unknown" };
  for (const scope of ["project", "user"] as const) {
    const path = join(agentsFolder(scope, places), `${name}.md`);
    if (await exists(path)) return { kind: "file", path, scope };
  }
  return { kind: "unknown" };
}

/** Writes a new agent file; an existing file is never replaced (false: it exists). */
export async function writeNewAgentFile(path: string, text: string): Promise<boolean> {
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, text, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** The name an agent file gives its agent (undefined when the file does not load). */
export async function agentNameInFile(path: string): Promise<string | undefined> {
  const parsed = parseAgentFile(await readFile(path, "utf8"), path, "project");
  return parsed.ok ? parsed.definition.name : undefined;
}
