import { join } from "node:path";
import type { AgentDefinition } from "../../../config/agent-definition.js";
import { agentWarningText } from "../../../config/agent-definitions.js";
import { newAgentNameProblem } from "../../../config/agent-markdown.js";
import { BUILT_IN_AGENTS } from "../../../config/built-in-agents.js";
import { deleteAgent } from "./agent-delete-command.js";
import {
  type AgentFileParts,
  agentFileParts,
  editAndReload,
  shownAgentPath,
} from "./agent-file-session.js";
import {
  type AgentFileScope,
  agentsFolder,
  findAgentFile,
  writeNewAgentFile,
} from "./agent-files.js";
import { runAgentGenerate } from "./agent-generate-command.js";
import { parseAgentsArgs } from "./agents-args.js";
import { agentsText } from "./agents-list.js";
import type { ReplHost } from "./host.js";

/** A new agent file to fill in: the fields Claude Code's form asks for, with what they do. */
export function agentTemplate(name: string): string {
  return [
    "---",
    `name: ${name}`,
    `description: "Use ${name} when … (the main agent reads this to decide when to start it)"`,
    "# tools: Read, Grep, Glob, Bash (a list limits it to those tools; without one it has every tool but Agent)",
    "model: inherit",
    "---",
    "",
    `You are ${name}. Say here what you do, how you work and what you report back: this is your whole system prompt, and you see only the task you are given, not the conversation.`,
    "",
  ].join("\n");
}

/** `/agents new <name> [--user]`: a file from the template, opened in the editor. */
async function newAgent(
  host: ReplHost,
  parts: AgentFileParts,
  name: string,
  scope: AgentFileScope,
): Promise<void> {
  const problem = newAgentNameProblem(name);
  if (problem) return host.notice(`/agents new: ${problem}.`, "error");
  if (BUILT_IN_AGENTS.some((agent) => agent.name === name)) {
    return host.notice(`/agents new: ${name} is a built-in agent's name; choose another.`, "error");
  }
  const path = join(agentsFolder(scope, parts.places), `${name}.md`);
  if (!(await writeNewAgentFile(path, agentTemplate(name)))) {
    const shown = shownAgentPath(parts, path);
    return host.notice(
      `/agents new: ${shown} exists already (/agents edit ${name} opens it); nothing was written.`,
      "error",
    );
  }
  await editAndReload(host, parts, path, "Created");
}

/** `/agents edit <name>`: the agent's file in the editor. */
async function editAgent(host: ReplHost, parts: AgentFileParts, name: string): Promise<void> {
  const found = await findAgentFile(name, parts.agents(), parts.places);
  if (found.kind === "no-file") return host.notice(`/agents edit: ${found.reason}.`, "error");
  if (found.kind === "unknown") {
    return host.notice(`/agents edit: no agent is named ${name} (/agents lists them).`, "error");
  }
  await editAndReload(host, parts, found.path, "Edited");
}

/**
 * `/agents`: the folders read again first, so that a file a person added or changed with their
 * own editor is listed, and the Agent tool starts it from its next request; with the files it
 * could not use.
 */
async function listAgents(host: ReplHost, list: () => readonly AgentDefinition[]): Promise<void> {
  const reload = host.activeSession.reloadAgents;
  const problems = reload ? await reload() : [];
  host.notice(agentsText(list()));
  if (problems.length > 0) host.notice(problems.map(agentWarningText).join("\n"), "error");
}

/**
 * `/agents`: lists the agent types by source; `new`, `edit` and `delete` change the agent
 * files (the Agent tool sees the change from its next request), `generate` has the model
 * write one. Changes wait for a running turn to end (the editor holds the terminal).
 */
export async function runAgents(host: ReplHost, args: string): Promise<void> {
  const request = parseAgentsArgs(args);
  if (request.kind === "bad") return host.notice(request.problem, "error");
  const list = host.activeSession.agents;
  if (request.kind === "list") {
    if (!list) return host.notice("/agents is not available in this session.", "error");
    return listAgents(host, list);
  }
  const parts = agentFileParts(host);
  if (!parts)
    return host.notice(`/agents ${request.kind} is not available in this session.`, "error");
  switch (request.kind) {
    case "new":
      return host.exclusive("/agents new", () =>
        newAgent(host, parts, request.name, request.scope),
      );
    case "edit":
      return host.exclusive("/agents edit", () => editAgent(host, parts, request.name));
    case "delete":
      return deleteAgent(host, parts, request.name);
    case "generate":
      return runAgentGenerate(host, parts, request.description);
  }
}
