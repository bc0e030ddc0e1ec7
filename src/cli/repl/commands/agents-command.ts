import { unlink } from "node:fs/promises";
import { join } from "node:path";
import type { AgentDefinition } from "../../../config/agent-definition.js";
import { agentWarningText } from "../../../config/agent-definitions.js";
import { newAgentNameProblem } from "../../../config/agent-markdown.js";
import { BUILT_IN_AGENTS } from "../../../config/built-in-agents.js";
import { errorText } from "../error-text.js";
import {
  type AgentFileScope,
  type AgentPlaces,
  agentNameInFile,
  agentsFolder,
  findAgentFile,
  writeNewAgentFile,
} from "./agent-files.js";
import { runAgentGenerate } from "./agent-generate-command.js";
import { parseAgentsArgs } from "./agents-args.js";
import { agentsText } from "./agents-list.js";
import type { ReplHost } from "./host.js";
import { shownPath } from "./memory-choices.js";
import type { ReplSessionExtras } from "./session-extras.js";

/** The session parts that changing agent files needs. */
export interface AgentFileParts {
  agents: () => readonly AgentDefinition[];
  reloadAgents: NonNullable<ReplSessionExtras<unknown>["reloadAgents"]>;
  editFile: NonNullable<ReplSessionExtras<unknown>["editFile"]>;
  places: AgentPlaces;
}

/** The parts, or undefined where the session lacks one (then the command is not available). */
export function agentFileParts(host: ReplHost): AgentFileParts | undefined {
  const { agents, reloadAgents, editFile, home } = host.activeSession;
  if (!agents || !reloadAgents || !editFile || home === undefined) return undefined;
  return { agents, reloadAgents, editFile, places: { cwd: host.cwd, home } };
}

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

/**
 * Reads the agents again after `path` changed and says what the Agent tool has now: the
 * agent of that file, the same-named agent that takes precedence over it, or the file's
 * problems (the agent is left out until the file is fixed).
 */
export async function reportReload(
  host: ReplHost,
  parts: AgentFileParts,
  path: string,
  done: string,
): Promise<void> {
  const problems = (await parts.reloadAgents()).filter((warning) => warning.path === path);
  const lines = problems.map(agentWarningText);
  if (problems.some((warning) => !warning.loaded)) {
    const why = `\n${lines.join("\n")}`;
    host.notice(`${done} The Agent tool leaves this file out until it is fixed.${why}`, "error");
    return;
  }
  const agents = parts.agents();
  const fromFile = agents.find((agent) => sourcePath(agent) === path);
  let effect: string;
  if (fromFile) {
    effect = `The Agent tool starts ${fromFile.name} with this file from the next request.`;
  } else {
    // Loaded, but another source's agent of the same name is the one the loader kept.
    const name = await agentNameInFile(path);
    const winner = agents.find((agent) => agent.name === name);
    const where = winnerWhere(winner, (file) =>
      shownPath(file, parts.places.cwd, parts.places.home),
    );
    effect = `${name} is also the ${winner?.source.kind} agent ${where}, which takes precedence.`;
  }
  host.notice([`${done} ${effect}`, ...lines].join("\n"), lines.length > 0 ? "error" : "info");
}

function sourcePath(agent: AgentDefinition): string | undefined {
  const { source } = agent;
  return source.kind === "project" || source.kind === "user" || source.kind === "plugin"
    ? source.path
    : undefined;
}

function winnerWhere(agent: AgentDefinition | undefined, shown: (file: string) => string): string {
  const path = agent && sourcePath(agent);
  return path === undefined ? "of this session" : `of ${shown(path)}`;
}

/** Opens the file in the editor, then reads the agents again (edited or not). */
async function editAndReload(
  host: ReplHost,
  parts: AgentFileParts,
  path: string,
  verb: string,
): Promise<void> {
  const shown = shownPath(path, parts.places.cwd, parts.places.home);
  let done: string;
  try {
    const outcome = await parts.editFile(path);
    done = outcome.ok
      ? `${verb} ${shown} with ${outcome.editor} (set $VISUAL or $EDITOR to change it).`
      : `${verb} ${shown}, but ${outcome.problem}.`;
  } catch (error) {
    done = `${verb} ${shown}, but it could not be opened: ${errorText(error)}.`;
  }
  await reportReload(host, parts, path, done);
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
    const shown = shownPath(path, parts.places.cwd, parts.places.home);
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

/** `/agents delete <name>`: the agent's file removed once the person confirms. */
async function deleteAgent(host: ReplHost, parts: AgentFileParts, name: string): Promise<void> {
  const found = await findAgentFile(name, parts.agents(), parts.places);
  if (found.kind === "no-file") return host.notice(`/agents delete: ${found.reason}.`, "error");
  if (found.kind === "unknown") {
    return host.notice(`/agents delete: no agent is named ${name} (/agents lists them).`, "error");
  }
  const { path } = found;
  const shown = shownPath(path, parts.places.cwd, parts.places.home);
  host.pick(
    `Delete the agent ${name} (${shown})?`,
    [{ label: "Yes, delete the file" }, { label: "No, keep it" }],
    (index) => {
      if (index !== 0) return host.notice(`Kept ${shown}.`);
      return host.exclusive("/agents delete", () =>
        guarded(host, "delete", async () => {
          await unlink(path);
          await parts.reloadAgents();
          const now = parts.agents().find((agent) => agent.name === name);
          const after = now
            ? `${name} is now the ${now.source.kind} agent ${winnerWhere(now, (file) => shownPath(file, parts.places.cwd, parts.places.home))}.`
            : `The Agent tool no longer offers ${name}.`;
          host.notice(`Deleted ${shown}. ${after}`);
        }),
      );
    },
  );
}

/** Runs a step whose failure must end as a notice (the controller tracks it without catching). */
async function guarded(host: ReplHost, verb: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    host.notice(`/agents ${verb} failed: ${errorText(error)}`, "error");
  }
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
    return host.notice(agentsText(list()));
  }
  const parts = agentFileParts(host);
  if (!parts)
    return host.notice(`/agents ${request.kind} is not available in this session.`, "error");
  switch (request.kind) {
    case "new":
      return host.exclusive("/agents new", () =>
        guarded(host, "new", () => newAgent(host, parts, request.name, request.scope)),
      );
    case "edit":
      return host.exclusive("/agents edit", () =>
        guarded(host, "edit", () => editAgent(host, parts, request.name)),
      );
    case "delete":
      return guarded(host, "delete", () => deleteAgent(host, parts, request.name));
    case "generate":
      return guarded(host, "generate", () =>
        runAgentGenerate(host, parts, request.description, (path, verb) =>
          editAndReload(host, parts, path, verb),
        ),
      );
  }
}
