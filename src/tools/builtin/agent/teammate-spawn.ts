import type { AgentDefinition } from "../../../config/agent-definition.js";
import { emptyUsage } from "../../../protocol/usage.js";
import type { ToolCallContext } from "../../context.js";
import type { SpawnedTeammate, TeammateSpawner } from "../../teammates.js";
import type { AgentInput, AgentOutput } from "./schema.js";

/**
 * The spawner a call goes to when it makes a teammate: a named call, without `isolation`, in a
 * session with agent teams on and from the main thread (a teammate's context has no spawner,
 * so teammates never spawn teammates). Otherwise undefined: the call starts a subagent.
 */
export function teammateSpawnerFor(
  input: Pick<AgentInput, "name" | "isolation">,
  context: ToolCallContext,
): TeammateSpawner | undefined {
  if (input.name === undefined || input.isolation !== undefined) return undefined;
  return context.options.spawnTeammate;
}

/** Spawns the teammate; the output carries Claude Code's `teammate_spawned` fields. */
export async function spawnTeammate(
  spawner: TeammateSpawner,
  input: AgentInput & { name: string },
  definition: AgentDefinition,
  context: ToolCallContext,
): Promise<AgentOutput> {
  const spawned = await spawner({
    definition,
    name: input.name,
    prompt: input.prompt,
    description: input.description,
    parentContext: context,
  });
  return {
    agentType: definition.name,
    name: spawned.name,
    text: "",
    isError: false,
    turns: 0,
    usage: emptyUsage(),
    terminalReason: "teammate_spawned",
    teammate: teammateSpawnedFields(spawned),
  };
}

/** `status: "teammate_spawned"` with its fields, as the SDK's tool_use_result shows them. */
function teammateSpawnedFields(spawned: SpawnedTeammate): NonNullable<AgentOutput["teammate"]> {
  return {
    status: "teammate_spawned",
    teammate_id: spawned.teammateId,
    agent_id: spawned.agentId,
    agent_type: spawned.agentType,
    model: spawned.model,
    name: spawned.name,
    color: spawned.color,
    team_name: spawned.teamName,
  };
}

/** What the model is told of a spawned teammate (Claude Code's words). */
export function teammateSpawnedText(teammate: NonNullable<AgentOutput["teammate"]>): string {
  return [
    "Spawned successfully.",
    `agent_id: ${teammate.agent_id}`,
    `name: ${teammate.name}`,
    `team_name: ${teammate.team_name}`,
    "The agent is now running and will receive instructions via mailbox.",
  ].join("\n");
}
