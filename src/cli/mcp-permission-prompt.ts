import { z } from "zod";
import type { PermissionEngine } from "../policy/engine.js";
import { decideCall, settledResult } from "../policy/settled.js";
import type { CanUseTool, PermissionResult, ToolUseContext } from "../tools/context.js";
import { findTool } from "../tools/tool.js";

/** What the prompt tool answers, as JSON text (Claude Code's `--permission-prompt-tool`). */
const answer = z.union([
  z.looseObject({
    behavior: z.literal("allow"),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
  }),
  z.looseObject({ behavior: z.literal("deny"), message: z.string().optional() }),
]);

function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: { type?: string; text?: string }) => (block.type === "text" ? block.text : ""))
    .join("");
}

/** Asks the MCP tool, and reads its answer; a tool that fails or answers nonsense denies. */
async function askTool(
  toolName: string,
  call: { name: string; input: Record<string, unknown>; id: string },
  context: ToolUseContext,
): Promise<PermissionResult> {
  const denied = (why: string): PermissionResult => ({
    behavior: "deny",
    message: `Permission to use ${call.name} was denied: ${why}`,
  });
  const prompt = findTool(context.options.tools, toolName);
  if (!prompt) return denied(`the permission prompt tool ${toolName} is not available`);
  try {
    const args = { tool_name: call.name, input: call.input, tool_use_id: call.id };
    const signal = context.abortController.signal;
    const ran = await prompt.call(args, { ...context, toolUseId: call.id, signal }, () => {});
    const block = prompt.mapToolResult(ran.data, call.id);
    const parsed = answer.safeParse(JSON.parse(resultText(block.content)));
    if (!parsed.success) return denied(`${toolName} did not answer allow or deny`);
    if (parsed.data.behavior === "deny")
      return denied(parsed.data.message ?? `${toolName} said no`);
    return {
      behavior: "allow",
      updatedInput: parsed.data.updatedInput ?? call.input,
      decisionReason: { type: "permissionPromptTool", reason: `${toolName} allowed it.` },
    };
  } catch (error) {
    return denied(`${toolName} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * canUseTool with `--permission-prompt-tool mcp__<server>__<tool>`: what the rules and mode
 * settle stays settled; a call that would ask a person asks the MCP tool instead, with
 * `{tool_name, input, tool_use_id}`, and its JSON answer (`{"behavior":"allow",
 * "updatedInput":…}` or `{"behavior":"deny","message":…}`) decides.
 */
export function mcpPromptCanUseTool(toolName: string): (engine: PermissionEngine) => CanUseTool {
  return (engine) => async (tool, input, context, _assistant, toolUseId, hookVerdict) => {
    const decision = await decideCall(engine, tool, input, context, hookVerdict, toolUseId);
    if (decision.behavior !== "ask") return settledResult(decision);
    return askTool(toolName, { name: tool.name, input, id: toolUseId }, context);
  };
}
