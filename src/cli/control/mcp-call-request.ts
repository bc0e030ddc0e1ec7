import { randomUUID } from "node:crypto";
import type { ToolResultBlock, ToolUseBlock } from "../../protocol/content.js";
import type { IdSource } from "../../protocol/factories.js";
import type { AssistantMessage } from "../../protocol/messages.js";
import { emptyUsage } from "../../protocol/usage.js";
import { runToolUse } from "../../tools/run-tool-use.js";
import { toolResultsOf } from "../../tools/tool-update.js";
import type { Answer, HostTargets } from "./host-handler.js";

/** Members of a staged call: keel has no synced-file lane to stage through. */
const STAGING_MEMBERS = ["input_files", "output_files", "expires_at", "timeout_ms"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The assistant turn the call stands in (the pipeline ties a tool_use to its message). */
function hostCall(block: ToolUseBlock, ids: IdSource): AssistantMessage {
  return {
    type: "assistant",
    uuid: ids.uuid(),
    timestamp: ids.timestamp(),
    message: {
      id: ids.uuid(),
      model: "mcp_call",
      role: "assistant",
      content: [block],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: emptyUsage(),
    },
  };
}

/** The request's problem, if it asks for what keel does not do or is malformed. */
function problemOf(request: Record<string, unknown>): string | undefined {
  if (typeof request.tool !== "string" || !request.tool.startsWith("mcp__")) {
    return "tool must be an MCP tool's name (mcp__<server>__<tool>)";
  }
  if (request.arguments !== undefined && !isRecord(request.arguments)) {
    return "arguments must be an object";
  }
  const staged = STAGING_MEMBERS.find((member) => request[member] !== undefined);
  if (staged !== undefined) return `keel does not run staged calls (${staged})`;
  const check = request.check_permissions;
  if (check !== undefined && typeof check !== "boolean")
    return "check_permissions must be a boolean";
  return undefined;
}

/**
 * Runs the call as the model's call of the tool would run, out of the conversation; `ran` is
 * false when it never reached the server (refused, or its input rejected): no accepted
 * permission decision was recorded for it.
 */
async function runCall(
  targets: HostTargets,
  block: ToolUseBlock,
): Promise<{ result: ToolResultBlock; ran: boolean }> {
  const ids: IdSource = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
  return targets.session.engine.withTurnContext(async (context) => {
    let result: ToolResultBlock | undefined;
    const updates = runToolUse(
      block,
      hostCall(block, ids),
      context,
      context.abortController.signal,
      ids,
    );
    for await (const update of updates) result ??= toolResultsOf(update.message)[0];
    if (!result) throw new Error(`${block.name} gave no result`);
    return { result, ran: context.toolDecisions.get(block.id)?.decision === "accept" };
  });
}

/**
 * mcp_call: calls a configured server's tool for the host, without a model turn. The call is
 * always decided as the model's own call of the tool is (rules, mode, PreToolUse and
 * PostToolUse hooks, an ask reaching the host's canUseTool), whatever check_permissions says:
 * keel's control channel does not bypass its permissions. The result stays out of the
 * conversation; a refused call, or a tool's error result, answers an error with its text (a
 * refused one's starting "The tool did not run: ").
 */
export async function mcpCallRequest(
  targets: HostTargets,
  request: Record<string, unknown>,
): Promise<Answer> {
  const problem = problemOf(request);
  if (problem !== undefined) return { error: `mcp_call: ${problem}` };
  const name = String(request.tool);
  if (targets.sdkMcp.tools.some((tool) => tool.name === name)) {
    return { error: `mcp_call: ${name} is an SDK MCP server's tool; the host calls it itself` };
  }
  if (!targets.session.tools().some((tool) => tool.name === name)) {
    return { error: `mcp_call: MCP tool not found: ${name}` };
  }
  const input = isRecord(request.arguments) ? request.arguments : {};
  const block: ToolUseBlock = { type: "tool_use", id: `toolu_${randomUUID()}`, name, input };
  const { result, ran } = await runCall(targets, block);
  const content =
    typeof result.content === "string"
      ? [{ type: "text" as const, text: result.content }]
      : (result.content ?? []);
  if (result.is_error) {
    const text = content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
    // The SDK's words for a call that never reached the server, so a host knows it may retry.
    return { error: `mcp_call: ${ran ? "" : "The tool did not run: "}${text}` };
  }
  return { ok: { content } };
}
