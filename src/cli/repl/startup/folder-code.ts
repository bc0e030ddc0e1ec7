import { loadAgentDefinitions } from "../../../config/agent-definitions.js";
import {
  hookCommands,
  type ProjectCode,
  serverCommand,
} from "../../../config/settings/project-code.js";
import type { ResolvedSettings } from "../../../config/settings/resolved.js";
import { loadSkills } from "../../../config/skills/load-skills.js";
import { skillFolders } from "../../../config/skills/skill-folders.js";
import { readMcpConfigSources } from "../../../mcp/config-sources.js";
import { inlineServers } from "../../../tools/builtin/agent/agent-mcp.js";
import { inlineCommands } from "../commands/inline-shell.js";
import { commandFolders, loadUserCommands } from "../commands/user-commands.js";

/** Where a folder's project files are found. */
export interface FolderRoots {
  cwd: string;
  home: string;
  stateDir: string;
}

/**
 * Everything the folder's own files would run in keel (contracts §6, folder trust): hooks,
 * MCP servers and `env` from its settings files, its `.mcp.json` servers, the !`command`
 * lines of its commands and skills, the hooks its skills, commands and agent files declare,
 * and the MCP servers its agent files define inline.
 */
export async function folderCode(
  settings: ResolvedSettings,
  roots: FolderRoots,
): Promise<ProjectCode[]> {
  const found = await readMcpConfigSources({ cwd: roots.cwd, home: roots.home });
  const servers = found.sources
    .filter((source) => source.scope === "project")
    .flatMap((source) =>
      Object.entries(source.servers).map(([name, server]) => ({
        kind: "mcp server" as const,
        origin: source.origin,
        what: serverCommand(name, server),
      })),
    );
  const project = commandFolders(roots).filter((folder) => folder.scope === "project");
  const [{ commands }, skills, agents] = await Promise.all([
    loadUserCommands(project),
    projectSkills(roots),
    projectAgents(roots),
  ]);
  const shells = [...commands, ...skills].flatMap((command) =>
    inlineCommands(command.body).map((inline) => ({
      kind: "command" as const,
      origin: command.file,
      what: `/${command.name}: !\`${inline}\``,
    })),
  );
  const declared = [...commands, ...skills, ...agents];
  const hooks = declared.flatMap((entry) =>
    hookCommands(entry.hooks).map((what) => ({ kind: "hook" as const, origin: entry.file, what })),
  );
  const agentServers = agents.flatMap(({ file, servers }) =>
    Object.entries(servers).map(([name, server]) => ({
      kind: "mcp server" as const,
      origin: file,
      what: serverCommand(name, server),
    })),
  );
  return [...settings.projectCode, ...servers, ...agentServers, ...shells, ...hooks];
}

/**
 * The folder's agent files (`.claude/agents`) with the hooks and inline MCP servers they
 * declare, problems left to the session.
 */
async function projectAgents(roots: FolderRoots) {
  const { definitions } = await loadAgentDefinitions(roots.cwd, roots.home);
  return definitions.flatMap((definition) => {
    const { source, hooks } = definition;
    if (source.kind !== "project") return [];
    return [{ file: source.path, servers: inlineServers(definition), ...(hooks ? { hooks } : {}) }];
  });
}

/** The skills of the folder and its parents (`.claude/skills`), problems left to the session. */
async function projectSkills(roots: FolderRoots) {
  const folders = skillFolders(roots).filter((folder) => folder.source === "project");
  return (await loadSkills(folders)).skills;
}

/** What declining leaves off, in one line: "2 hooks, 1 MCP server, env (A, B), plugins (p@m), …". */
export function offSummary(code: readonly ProjectCode[]): string {
  const count = (kind: ProjectCode["kind"]) => code.filter((entry) => entry.kind === kind);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const parts: string[] = [];
  const hooks = count("hook").length;
  if (hooks > 0) parts.push(plural(hooks, "hook"));
  const servers = count("mcp server").length;
  if (servers > 0) parts.push(plural(servers, "MCP server"));
  const env = count("env").map((entry) => entry.what);
  if (env.length > 0) parts.push(`env (${env.join(", ")})`);
  const plugins = count("plugin").map((entry) => entry.what);
  if (plugins.length > 0) parts.push(`plugins (${plugins.join(", ")})`);
  const lines = count("command").length;
  if (lines > 0) parts.push(`${plural(lines, "!`command` line")} in its commands and skills`);
  return parts.join(", ");
}
