import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";
import { type ReadText, readJsonFile, readTextIfPresent } from "./read-json-file.js";
import type { McpServerSpec } from "./resolve-servers.js";

/** Claude Code's choices about `.mcp.json` servers, as settings and `~/.claude.json` hold them. */
export interface ProjectServerChoices {
  enableAllProjectMcpServers?: boolean;
  enabledMcpjsonServers?: readonly string[];
  disabledMcpjsonServers?: readonly string[];
}

const choicesSchema = z.looseObject({
  enableAllProjectMcpServers: z.boolean().optional(),
  enabledMcpjsonServers: z.array(z.string()).optional(),
  disabledMcpjsonServers: z.array(z.string()).optional(),
});

const approvalsFileSchema = z.object({
  projects: z
    .record(
      z.string(),
      z.object({
        approved: z.array(z.string()).default([]),
        rejected: z.array(z.string()).default([]),
        /** "Use all servers of this project's .mcp.json from now on" (the REPL's dialog). */
        all: z.boolean().optional(),
      }),
    )
    .default({}),
});

type ApprovalsFile = z.infer<typeof approvalsFileSchema>;

/** Where keel remembers the user's answers about project servers, per project and server. */
export function mcpApprovalsPath(stateDir: string): string {
  return join(stateDir, "mcp-approvals.json");
}

/** The approvals file as choices for one project (an unreadable file counts as no answers). */
export async function readMcpApprovals(
  stateDir: string,
  cwd: string,
  readText: ReadText = readTextIfPresent,
): Promise<ProjectServerChoices> {
  const file = await readJsonFile(mcpApprovalsPath(stateDir), approvalsFileSchema, readText);
  const project = file.ok ? file.data?.projects[cwd] : undefined;
  if (!project) return {};
  return {
    enabledMcpjsonServers: project.approved,
    disabledMcpjsonServers: project.rejected,
    ...(project.all ? { enableAllProjectMcpServers: true } : {}),
  };
}

type ProjectEntry = ApprovalsFile["projects"][string];

/**
 * Remembers an answer about a project server (approved or rejected) for this project;
 * throws, writing nothing, when the approvals file exists but cannot be read or parsed.
 */
export async function recordMcpApproval(
  stateDir: string,
  cwd: string,
  server: string,
  approved: boolean,
): Promise<void> {
  await updateProjectEntry(stateDir, cwd, (entry) => {
    const without = (list: string[]) => list.filter((name) => name !== server);
    return approved
      ? {
          ...entry,
          approved: [...without(entry.approved), server],
          rejected: without(entry.rejected),
        }
      : {
          ...entry,
          approved: without(entry.approved),
          rejected: [...without(entry.rejected), server],
        };
  });
}

/**
 * Remembers "use every `.mcp.json` server of this project, now and later" (Claude Code's
 * enableAllProjectMcpServers, kept in keel's approvals file). A server rejected by name
 * stays rejected. Throws, writing nothing, when the approvals file cannot be read or parsed.
 */
export async function recordAllMcpServersApproved(stateDir: string, cwd: string): Promise<void> {
  await updateProjectEntry(stateDir, cwd, (entry) => ({ ...entry, all: true }));
}

/**
 * Forgets every answer about this project's `.mcp.json` servers (`keel mcp
 * reset-project-choices`): the REPL asks again. Throws, writing nothing, when the approvals
 * file cannot be read or parsed.
 */
export async function resetMcpApprovals(stateDir: string, cwd: string): Promise<void> {
  await updateProjectEntry(stateDir, cwd, () => ({ approved: [], rejected: [] }));
}

/**
 * Rewrites this project's entry of the approvals file with `change`. A file that cannot be
 * read or parsed is left untouched (it holds every project's answers) and the write is
 * refused with an error naming the file.
 */
async function updateProjectEntry(
  stateDir: string,
  cwd: string,
  change: (entry: ProjectEntry) => ProjectEntry,
): Promise<void> {
  const path = mcpApprovalsPath(stateDir);
  const current = await readJsonFile(path, approvalsFileSchema, readTextIfPresent);
  if (!current.ok) {
    throw new Error(`${current.message} — left as it is; fix or remove it to save MCP answers`);
  }
  const data: ApprovalsFile = current.data ?? { projects: {} };
  data.projects[cwd] = change(data.projects[cwd] ?? { approved: [], rejected: [] });
  await mkdir(dirname(path), { recursive: true });
  // Written aside and renamed, so a crash never leaves half a file.
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`, "utf8");
  await rename(temporary, path);
}

/**
 * The project-server choices in settings files (ResolvedSettings.files): the settings schema
 * keeps these keys without exposing them, so they are read here. Unreadable files are skipped
 * (settings loading already reported them).
 */
export async function readSettingsApprovalChoices(
  files: readonly string[],
  readText: ReadText = readTextIfPresent,
): Promise<ProjectServerChoices[]> {
  const choices: ProjectServerChoices[] = [];
  for (const file of files) {
    const result = await readJsonFile(file, choicesSchema, readText);
    if (result.ok && result.data) choices.push(result.data);
  }
  return choices;
}

/** The user's answer about a project server: a rejection anywhere wins over approvals. */
export function projectServerApproval(
  name: string,
  choices: readonly ProjectServerChoices[],
): "approved" | "rejected" | "unanswered" {
  if (choices.some((c) => c.disabledMcpjsonServers?.includes(name))) return "rejected";
  const approved = choices.some(
    (c) => c.enableAllProjectMcpServers === true || c.enabledMcpjsonServers?.includes(name),
  );
  return approved ? "approved" : "unanswered";
}

/** The servers to start, the project servers waiting for approval, and those refused. */
export interface GatedServers {
  start: McpServerSpec[];
  needsApproval: McpServerSpec[];
  /** Project servers the user refused: never started (`keel mcp list` shows them). */
  rejected: McpServerSpec[];
}

/** Applies approvals: only `.mcp.json` servers need one; every other scope starts. */
export function gateProjectServers(
  servers: readonly McpServerSpec[],
  choices: readonly ProjectServerChoices[],
): GatedServers {
  const gated: GatedServers = { start: [], needsApproval: [], rejected: [] };
  for (const server of servers) {
    const answer =
      server.scope === "project" ? projectServerApproval(server.name, choices) : "approved";
    if (answer === "approved") gated.start.push(server);
    else if (answer === "unanswered") gated.needsApproval.push(server);
    else gated.rejected.push(server);
  }
  return gated;
}

/** The notice for a project server that was not started because nobody approved it. */
export function needsApprovalNotice(server: McpServerSpec): string {
  return (
    `MCP server "${server.name}" from ${server.origin} was not started: project servers need ` +
    `approval. To approve it, add "${server.name}" to "enabledMcpjsonServers" (or set ` +
    `"enableAllProjectMcpServers": true) in .claude/settings.local.json or keel's settings.json.`
  );
}
