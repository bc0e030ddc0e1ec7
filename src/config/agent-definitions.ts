import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AgentDefinition } from "./agent-definition.js";
import { parseAgentFile } from "./agent-file.js";
import { BUILT_IN_AGENTS } from "./built-in-agents.js";

/** An agent file that was skipped, and why; or, `loaded`, one that lost a field it got wrong. */
export interface AgentDefinitionWarning {
  path: string;
  /** The file's line the problem is on, when it is known (a YAML error, a bad field). */
  line?: number;
  problem: string;
  /** The agent loaded without the field the problem names (a bad maxTurns, …). */
  loaded?: true;
}

/** An agent file's problem as one line: the file (with its line when known) and what is wrong. */
export function agentWarningText({ path, line, problem, loaded }: AgentDefinitionWarning): string {
  const where = line === undefined ? path : `${path}:${line}`;
  return loaded
    ? `agent file ${where}: ${problem} (the field is ignored)`
    : `skipped agent file ${where}: ${problem}`;
}

/** The agents a session can start, and the files that could not be used. */
export interface LoadedAgentDefinitions {
  definitions: AgentDefinition[];
  warnings: AgentDefinitionWarning[];
}

/**
 * The Markdown files of an agents folder and its subfolders (Claude Code finds
 * `.claude/agents/team/builder.md` too), sorted; none when the folder does not exist.
 */
async function agentFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((entry) => !entry.isDirectory() && entry.name.endsWith(".md"))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch (error) {
    // No such folder, or a file where a folder of the path should be (a state folder below a
    // file, which keel reports once on its own): no agents there.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw error;
  }
}

/** The definitions of one agents folder; the first file with a name wins within a folder. */
async function loadFolder(
  dir: string,
  scope: "project" | "user",
  warnings: AgentDefinitionWarning[],
): Promise<AgentDefinition[]> {
  const definitions: AgentDefinition[] = [];
  let paths: string[];
  try {
    paths = await agentFiles(dir);
  } catch (error) {
    warnings.push({ path: dir, problem: `the folder cannot be read: ${messageOf(error)}` });
    return definitions;
  }
  for (const path of paths) {
    const parsed = await readAgentFile(path, scope);
    if (!parsed.ok) {
      const { problem, line } = parsed;
      warnings.push({ path, ...(line === undefined ? {} : { line }), problem });
      continue;
    }
    for (const problem of parsed.ignored ?? []) warnings.push({ path, problem, loaded: true });
    if (definitions.some((d) => d.name === parsed.definition.name)) {
      warnings.push({
        path,
        problem: `another file in ${dir} already defines "${parsed.definition.name}"`,
      });
    } else definitions.push(parsed.definition);
  }
  return definitions;
}

async function readAgentFile(path: string, scope: "project" | "user") {
  try {
    return parseAgentFile(await readFile(path, "utf8"), path, scope);
  } catch (error) {
    return { ok: false as const, problem: `the file cannot be read: ${messageOf(error)}` };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** keel's own folder of the user's agents: where `/agents new --user` writes (contracts §3). */
export function keelAgentsDir(stateDir: string): string {
  return join(stateDir, "agents");
}

/**
 * The agent definitions of a session: the host's (the Agent SDK's `agents`), then the
 * project's `.claude/agents/*.md`, then the user's: keel's own `<state>/agents/*.md` (given
 * `stateDir`), then Claude Code's `~/.claude/agents/*.md`; then keel's built-in agents. A name
 * defined earlier in that order wins, as in Claude Code, where the SDK's and the flag's agents
 * override the files. Broken files are skipped and reported in `warnings` (never printed here).
 */
export async function loadAgentDefinitions(
  cwd: string,
  homeDir: string,
  hostAgents: readonly AgentDefinition[] = [],
  stateDir?: string,
): Promise<LoadedAgentDefinitions> {
  const warnings: AgentDefinitionWarning[] = [];
  const projectDir = join(cwd, ".claude", "agents");
  const userDir = join(homeDir, ".claude", "agents");
  const project = await loadFolder(projectDir, "project", warnings);
  const keelDir = stateDir === undefined ? undefined : keelAgentsDir(stateDir);
  const keels = keelDir === undefined ? [] : await loadFolder(keelDir, "user", warnings);
  // Started in the home folder, the project's agents are the user's: read them once.
  const user = userDir === projectDir ? [] : await loadFolder(userDir, "user", warnings);
  const definitions: AgentDefinition[] = [];
  const all = [...hostAgents, ...project, ...keels, ...user, ...BUILT_IN_AGENTS];
  for (const definition of all) {
    if (!definitions.some((d) => d.name === definition.name)) definitions.push(definition);
  }
  return { definitions, warnings };
}
