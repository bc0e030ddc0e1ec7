import type { AgentDefinition } from "../../../config/agent-definition.js";
import type { AgentCall, AgentOutcome } from "../../../workflows/workflow-run.js";
import type { PermissionMode, ToolCallContext } from "../../context.js";
import type { SubagentRunResult } from "../../subagent.js";

/** The agent type of a workflow's agents (Claude Code's); a labelled one is `workflow:<label>`. */
export const WORKFLOW_AGENT_TYPE = "workflow-subagent";

const RETURN_NOTE = [
  "You are one agent() call of a workflow script. Your final message IS the value the script receives:",
  "give only the result it asked for, with no greeting, preamble or summary of your process.",
  "When the task asks for JSON, answer with the raw JSON only.",
].join(" ");

const STRUCTURED_NOTE =
  "Give your answer by calling the StructuredOutput tool exactly once, with input that matches its schema; that call is the value the script receives.";

const BASE_PROMPT =
  "You are an agent a workflow script started for one task. Do the task with the tools you have, then answer.";

/** The agent type a call runs as: its label makes a scripted model's per-agent script reachable. */
function agentName(label: string | undefined): string {
  if (label === undefined || label.trim() === "") return WORKFLOW_AGENT_TYPE;
  return `workflow:${label.trim().replace(/[^\w.:-]+/g, "-")}`;
}

/** The definition a call runs with: its `agentType`'s (with the return note), else the workflow agent's. */
export function workflowAgentDefinition(
  call: Pick<AgentCall, "options">,
  definitions: readonly AgentDefinition[],
): AgentDefinition {
  const { options } = call;
  const note = options.schema ? `${RETURN_NOTE}\n\n${STRUCTURED_NOTE}` : RETURN_NOTE;
  const base =
    options.agentType === undefined
      ? undefined
      : definitions.find((definition) => definition.name === options.agentType);
  if (options.agentType !== undefined && base === undefined) {
    const known = definitions.map((d) => d.name).join(", ") || "none";
    throw new Error(`agent(): agentType "${options.agentType}" not found (known: ${known})`);
  }
  const definition: AgentDefinition = base
    ? { ...base, prompt: `${base.prompt}\n\n${note}` }
    : {
        name: agentName(options.label),
        description: "An agent() call of a workflow script",
        prompt: `${BASE_PROMPT}\n\n${note}`,
        source: { kind: "built-in" },
      };
  return options.model === undefined ? definition : { ...definition, model: options.model };
}

/** Workflow agents run in acceptEdits whatever the session's mode, unless it bypasses all. */
function agentMode(context: ToolCallContext): PermissionMode {
  return context.getAppState().permissionMode === "bypassPermissions"
    ? "bypassPermissions"
    : "acceptEdits";
}

function tokensOf(result: SubagentRunResult): number {
  return result.usage.input_tokens + result.usage.output_tokens;
}

/**
 * Runs a workflow's `agent()` calls as subagents of the session that started the workflow
 * (its tools, hooks and allow rules), each in acceptEdits, with StructuredOutput when the call
 * gives a schema. A subagent that fails or stops is the call's `null` (a failed outcome).
 */
export function workflowAgentRunner(
  context: ToolCallContext,
): (call: AgentCall) => Promise<AgentOutcome> {
  return async (call) => {
    const runner = context.options.runSubagent;
    if (!runner) return { ok: false, error: "subagents are not available", tokens: 0 };
    const definition = workflowAgentDefinition(call, context.options.agentDefinitions);
    let result: SubagentRunResult;
    try {
      result = await runner({
        definition,
        prompt: call.prompt,
        parentContext: context,
        toolUseId: context.toolUseId,
        signal: call.signal,
        permissionMode: agentMode(context),
        ...(call.options.schema ? { outputSchema: call.options.schema } : {}),
      });
    } catch (error) {
      // A schema StructuredOutput cannot take, say: the call fails, the run goes on.
      call.signal.throwIfAborted();
      return {
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        tokens: 0,
      };
    }
    const tokens = tokensOf(result);
    if (result.isError) return { ok: false, error: result.text, tokens };
    return { ok: true, value: result.structured ? result.structured.data : result.text, tokens };
  };
}
