import type { AgentDefinition } from "./agent-definition.js";
import {
  type AgentDefinitionWarning,
  type LoadedAgentDefinitions,
  loadAgentDefinitions,
} from "./agent-definitions.js";

/**
 * A session's agent types, read again when their files change (/agents new, edit, delete):
 * the Agent tool, system/init and /context ask it for the list each time they need one.
 */
export interface AgentRoster {
  /** The agents now, in the loader's order (host, project, user, built-in; first name wins). */
  list(): readonly AgentDefinition[];
  /**
   * Reads the agent files again; the list changes only once the read finished. Returns the
   * problems of files skipped (or loaded without a field), as the first read reports them.
   */
  reload(): Promise<AgentDefinitionWarning[]>;
}

/** Where a roster reads its agents from: the loader's inputs, kept for each reload. */
interface AgentRosterPlace {
  cwd: string;
  home: string;
  /** keel's state folder, whose `agents/` holds the user's agents written by keel. */
  stateDir?: string;
  /** The host's, the --agents flag's and the plugins' agents: they have no file to re-read. */
  hostAgents?: readonly AgentDefinition[];
}

/** Reads the session's agents once, and gives the roster that reads them again. */
export async function openAgentRoster(
  place: AgentRosterPlace,
): Promise<{ roster: AgentRoster; warnings: AgentDefinitionWarning[] }> {
  const read = (): Promise<LoadedAgentDefinitions> =>
    loadAgentDefinitions(place.cwd, place.home, place.hostAgents ?? [], place.stateDir);
  const first = await read();
  let definitions: readonly AgentDefinition[] = first.definitions;
  const roster: AgentRoster = {
    list: () => definitions,
    async reload() {
      const loaded = await read();
      definitions = loaded.definitions;
      return loaded.warnings;
    },
  };
  return { roster, warnings: first.warnings };
}
