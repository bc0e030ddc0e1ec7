import type { AgentDefinition } from "../../../config/agent-definition.js";
import { agentWarningText } from "../../../config/agent-definitions.js";
import { errorText } from "../error-text.js";
import { type AgentPlaces, agentNameInFile } from "./agent-files.js";
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
  const { agents, reloadAgents, editFile, home, stateDir } = host.activeSession;
  if (!agents || !reloadAgents || !editFile || home === undefined || stateDir === undefined) {
    return undefined;
  }
  return { agents, reloadAgents, editFile, places: { cwd: host.cwd, home, stateDir } };
}

/** A file as the notices show it: ./ in the project, ~/ in the home folder. */
export function shownAgentPath(parts: AgentFileParts, path: string): string {
  return shownPath(path, parts.places.cwd, parts.places.home);
}

/**
 * Reads the agents again after `path` changed and says what the Agent tool has now: the
 * agent of that file, the same-named agent that takes precedence over it, or the file's
 * problems (the agent is left out until the file is fixed).
 */
async function reportReload(
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

/** The file an agent was read from, if it has one. */
function sourcePath(agent: AgentDefinition): string | undefined {
  const { source } = agent;
  return source.kind === "project" || source.kind === "user" || source.kind === "plugin"
    ? source.path
    : undefined;
}

/** Where an agent that takes a name is defined, for a notice. */
export function winnerWhere(
  agent: AgentDefinition | undefined,
  shown: (file: string) => string,
): string {
  const path = agent && sourcePath(agent);
  return path === undefined ? "of this session" : `of ${shown(path)}`;
}

/** Opens the file in the editor, then reads the agents again (edited or not). */
export async function editAndReload(
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
