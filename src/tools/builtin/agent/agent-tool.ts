import type { AgentDefinition } from "../../../config/agent-definition.js";
import { emptyUsage } from "../../../protocol/usage.js";
import type { Tool } from "../../tool.js";
import type { BackgroundAgentLauncher } from "./background.js";
import { agentDescription } from "./description.js";
import { unknownModelAlias, withModelOverride } from "./model-override.js";
import { resolveAgentCall } from "./resolve.js";
import { mapAgentResult } from "./result.js";
import { type AgentInput, type AgentOutput, agentInputSchema } from "./schema.js";

/** The Agent tool's name (Claude Code's); subagents never get it, so agents do not nest. */
export const AGENT_TOOL_NAME = "Agent";

/** An error the pipeline reports as an interrupted call. */
function interrupted(): Error {
  const error = new Error("The agent was interrupted.");
  error.name = "AbortError";
  return error;
}

/** What the Agent tool can be given. */
export interface AgentToolOptions {
  /** Starts agents in the background (run_in_background); without it such calls are refused. */
  launchBackground?: BackgroundAgentLauncher;
}

/**
 * Creates the Agent tool (alias Task) for the given agent definitions: it starts a subagent
 * through the runner in its context and returns the subagent's final text. The definitions
 * are given here because the description, fixed when the tool is created, lists them.
 */
export function createAgentTool(
  definitions: readonly AgentDefinition[],
  options: AgentToolOptions = {},
): Tool<AgentInput, AgentOutput> {
  return {
    name: AGENT_TOOL_NAME,
    aliases: ["Task"],
    description: agentDescription(definitions),
    inputSchema: agentInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => false,
    // Several agents may run at once; each one's tools ask for permission themselves.
    isConcurrencySafe: () => true,
    async validateInput(input, context) {
      if (input.run_in_background === true && !options.launchBackground) {
        return { ok: false, message: "Agents cannot run in the background in this session." };
      }
      const badModel = unknownModelAlias(input.model);
      if (badModel !== undefined) return { ok: false, message: badModel };
      const resolved = resolveAgentCall(input, context, definitions);
      return resolved.ok ? { ok: true } : { ok: false, message: resolved.message };
    },
    checkPermissions: async () => ({ behavior: "allow" }),
    async call(input, context, onProgress) {
      const resolved = resolveAgentCall(input, context, definitions);
      if (!resolved.ok) throw new Error(resolved.message);
      const { runner } = resolved;
      const definition = withModelOverride(resolved.definition, input.model);
      if (input.run_in_background === true && options.launchBackground) {
        const task = await options.launchBackground({
          description: input.description,
          prompt: input.prompt,
          agentType: definition.name,
          run: (signal, onProgress) =>
            runner({
              definition,
              prompt: input.prompt,
              parentContext: context,
              toolUseId: context.toolUseId,
              signal,
              onProgress,
            }),
        });
        return { data: { ...startedInBackground(definition.name), background: task } };
      }
      const run = await runner({
        definition,
        prompt: input.prompt,
        parentContext: context,
        toolUseId: context.toolUseId,
        signal: context.signal,
        onProgress,
      });
      if (context.signal.aborted) throw interrupted();
      return { data: { agentType: definition.name, ...run } };
    },
    mapToolResult: mapAgentResult,
  };
}

/** The output of a call that only started an agent: no turns, no usage yet. */
function startedInBackground(agentType: string): AgentOutput {
  return {
    agentType,
    text: "",
    isError: false,
    turns: 0,
    usage: emptyUsage(),
    terminalReason: "background",
  };
}
