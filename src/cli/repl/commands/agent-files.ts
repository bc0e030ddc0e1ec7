import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative } from "node:path";
import type { AgentDefinition } from "../../../config/agent-definition.js";
import { keelAgentsDir } from "../../../config/agent-definitions.js";
import { AGENT_NAME, parseAgentFile } from "../../../config/agent-file.js";

/**
 * Where /agents writes agent files: the project's `.claude/agents`, or the user's agents
 * folder in keel's state folder (keel reads Claude Code's `~/.claude/agents` but writes only
 * in its own folder and the project's, contracts §3).
 */
export type AgentFileScope = "project" | "user";

/** The folders an agent file can be looked for and written in. */
export interface AgentPlaces {
  cwd: string;
  home: string;
  /** keel's state folder (KEEL_CONFIG_DIR). */
  stateDir: string;
}

/** The folder /agents writes a scope's new agents in (one the loader reads). */
export function agentsFolder(scope: AgentFileScope, places: AgentPlaces): string {
  return scope === "project"
    ? join(places.cwd, ".claude", "agents")
    : keelAgentsDir(places.stateDir);
}

/** Claude Code's own folder of the user's agents, which keel reads and never changes itself. */
export function isClaudeCodeUserFile(path: string, places: AgentPlaces): boolean {
  const claude = join(places.home, ".claude", "agents");
  const inside = relative(claude, path);
  const project = join(places.cwd, ".claude", "agents");
  return claude !== project && inside !== "" && !inside.startsWith("..") && !isAbsolute(inside);
}

/** Where a named agent's file is, or why it has none. */
type AgentFileLookup =
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
 * ranks them), or, for a name no agent has, `<name>.md` in the project's folder, keel's or
 * Claude Code's user folder when it exists: a file that no longer parses can still be opened
 * and fixed.
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
  const folders = [
    { scope: "project", dir: agentsFolder("project", places) },
    { scope: "user", dir: agentsFolder("user", places) },
    { scope: "user", dir: join(places.home, ".claude", "agents") },
  ] as const;
  for (const { scope, dir } of folders) {
    const path = join(dir, `${name}.md`);
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
