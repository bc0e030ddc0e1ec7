import type { ToolResultBlock } from "../../../protocol/content.js";
import {
  planApprovalResponse,
  shutdownApproved,
  shutdownRejected,
  shutdownRequest,
} from "../../../teams/protocol.js";
import type { TeamMailboxPort, TeamRosterPort } from "../../../teams/runtime/team-ports.js";
import { safeName, TEAM_LEAD_NAME, TeamNameError } from "../../../teams/team-names.js";
import type { ToolCallContext, ToolUseContext } from "../../context.js";
import type { Tool } from "../../tool.js";
import { SEND_MESSAGE_DESCRIPTION } from "./description.js";
import {
  type SendMessageInput,
  type SendMessageOutput,
  type StructuredMessage,
  sendMessageInputSchema,
} from "./schema.js";
import { BROADCAST, validateSendMessage } from "./validate.js";

export const SEND_MESSAGE = "SendMessage";

/** The session's team as SendMessage uses it. */
export interface SendMessageTeam {
  name: string;
  mailbox: Pick<TeamMailboxPort, "send">;
  roster: Pick<TeamRosterPort, "members">;
}

/**
 * What a message to a named background agent did: queued for its next tool boundary, or
 * resumed it, its earlier run having ended as `endedAs` (completed, failed, killed).
 */
export type NamedAgentRouting = { routing: "queued" } | { routing: "resumed"; endedAs: string };

/**
 * Continues a named background agent (issue 35's registry): undefined when no agent has that
 * name, so the message goes to the team instead.
 */
export type RouteToNamedAgent = (
  name: string,
  message: string,
) => Promise<NamedAgentRouting | undefined>;

export interface SendMessageDeps {
  /** The session's team, when agent teams are on. */
  team?: SendMessageTeam;
  routeToNamedAgent?: RouteToNamedAgent;
  /** A shutdown request's id for a target (default: `shutdown-<n>@<target>`, n counting up). */
  newRequestId?: (target: string) => string;
}

/** Who is sending: a teammate by its name, else the lead. */
function senderOf(context: ToolUseContext): string {
  return context.agentName ?? TEAM_LEAD_NAME;
}

const failed = (message: string): SendMessageOutput => ({ success: false, message });

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Everyone in the team but `sender`: the lead and the members of the team file. */
async function teamNames(team: SendMessageTeam): Promise<string[]> {
  const members = await team.roster.members();
  return [TEAM_LEAD_NAME, ...members.map((m) => m.name)];
}

async function colorOf(team: SendMessageTeam, name: string): Promise<string | undefined> {
  return (await team.roster.members()).find((m) => m.name === name)?.color;
}

/** Writes to each inbox; a write that fails is reported, never counted as sent. */
async function deliver(
  team: SendMessageTeam,
  recipients: readonly string[],
  message: { from: string; text: string; summary?: string; color?: string },
): Promise<{ sent: string[]; errors: string[] }> {
  const sent: string[] = [];
  const errors: string[] = [];
  for (const to of recipients) {
    try {
      await team.mailbox.send(to, message);
      sent.push(to);
    } catch (error) {
      errors.push(`${to}: ${describeError(error)}`);
    }
  }
  return { sent, errors };
}

function structuredText(
  message: StructuredMessage,
  sender: string,
  requestId: string | undefined,
): string {
  switch (message.type) {
    case "shutdown_request":
      return shutdownRequest({
        requestId: requestId ?? "",
        from: sender,
        ...(message.reason === undefined ? {} : { reason: message.reason }),
      });
    case "shutdown_response":
      return message.approve
        ? shutdownApproved({
            requestId: message.request_id,
            from: sender,
            backendType: "in-process",
          })
        : shutdownRejected({
            requestId: message.request_id,
            from: sender,
            reason: message.reason ?? "",
          });
    case "plan_approval_response":
      return planApprovalResponse({
        requestId: message.request_id,
        approved: message.approve,
        ...(message.feedback === undefined ? {} : { feedback: message.feedback }),
      });
  }
}

function structuredResult(message: StructuredMessage, to: string, requestId?: string): string {
  switch (message.type) {
    case "shutdown_request":
      return `Shutdown request sent to ${to}. Request ID: ${requestId}`;
    case "shutdown_response":
      return message.approve
        ? "Shutdown approved. You will end after this turn."
        : `Shutdown rejected: ${message.reason}. Keep working.`;
    case "plan_approval_response":
      return message.approve
        ? `Plan approved for ${to}.`
        : `Plan rejected for ${to}${message.feedback ? `: ${message.feedback}` : ""}.`;
  }
}

/** Claude Code's words for a message that reached a named agent. */
function routedText(name: string, routed: NamedAgentRouting): string {
  return routed.routing === "queued"
    ? `Message queued for delivery to ${name} at its next tool round.`
    : `Agent "${name}" was stopped (${routed.endedAs}); resumed it in the background with your message. You'll be notified when it finishes.`;
}

/** Sends a checked input: a named agent first, then the team's inboxes. */
async function send(
  deps: SendMessageDeps,
  input: SendMessageInput,
  sender: string,
  requestIdFor: (target: string) => string,
): Promise<SendMessageOutput> {
  const raw = input.to.trim();
  const text = input.message;
  if (typeof text === "string" && raw !== BROADCAST && deps.routeToNamedAgent) {
    const routed = await deps.routeToNamedAgent(raw, text);
    if (routed) return { success: true, message: routedText(raw, routed), routing: routed.routing };
  }
  const team = deps.team;
  if (!team) return failed(`No agent named "${raw}" is running, and agent teams are off.`);
  const names = await teamNames(team);
  const color = await colorOf(team, sender);
  const base = { from: sender, ...(color === undefined ? {} : { color }) };
  if (raw === BROADCAST) {
    const recipients = names.filter((n) => n !== sender);
    if (recipients.length === 0) return failed("There is no other member of the team to send to.");
    const { sent, errors } = await deliver(team, recipients, {
      ...base,
      text: String(text),
      ...(input.summary ? { summary: input.summary } : {}),
    });
    if (errors.length > 0) {
      return {
        ...failed(`Could not deliver to every inbox: ${errors.join("; ")}`),
        recipients: sent,
      };
    }
    return {
      success: true,
      message: `Message broadcast to ${sent.length} teammates.`,
      recipients: sent,
    };
  }
  let to: string;
  try {
    to = safeName(raw);
  } catch (error) {
    if (error instanceof TeamNameError) return failed(error.message);
    throw error;
  }
  if (!names.includes(to)) {
    return failed(`No teammate named "${raw}" in team ${team.name}. Members: ${names.join(", ")}.`);
  }
  if (to === sender) return failed("You cannot send a message to yourself.");
  const requestId =
    typeof text !== "string" && text.type === "shutdown_request" ? requestIdFor(to) : undefined;
  const body = typeof text === "string" ? text : structuredText(text, sender, requestId);
  const { errors } = await deliver(team, [to], {
    ...base,
    text: body,
    ...(typeof text === "string" && input.summary ? { summary: input.summary } : {}),
  });
  if (errors.length > 0) return failed(`Could not deliver the message: ${errors.join("; ")}`);
  if (typeof text === "string") return { success: true, message: `Message sent to ${to}'s inbox.` };
  return {
    success: true,
    message: structuredResult(text, to, requestId),
    ...(requestId === undefined ? {} : { request_id: requestId }),
  };
}

function mapResult(output: SendMessageOutput, toolUseId: string): ToolResultBlock {
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: JSON.stringify(output),
    ...(output.success ? {} : { is_error: true }),
  };
}

/**
 * SendMessage: a teammate's or the lead's message to another member's inbox (or every member's),
 * the structured shutdown and plan-approval messages, and a plain message continuing a named
 * background agent. It only writes keel's own team files, so it asks nothing.
 */
export function createSendMessageTool(
  deps: SendMessageDeps,
): Tool<SendMessageInput, SendMessageOutput> {
  let requests = 0;
  const requestIdFor = deps.newRequestId ?? ((target) => `shutdown-${++requests}@${target}`);
  return {
    name: SEND_MESSAGE,
    description: SEND_MESSAGE_DESCRIPTION,
    inputSchema: sendMessageInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: (input) => typeof input.message === "string",
    isConcurrencySafe: () => false,
    checkPermissions: async () => ({ behavior: "allow" }),
    validateInput: async (input, context) => validateSendMessage(input, senderOf(context)),
    async call(input, context: ToolCallContext) {
      return { data: await send(deps, input, senderOf(context), requestIdFor) };
    },
    mapToolResult: mapResult,
  };
}
