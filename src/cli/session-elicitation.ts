import type { HookEventFields } from "../hooks/hook-input.js";
import type { ElicitationAnswer } from "../hooks/hook-result.js";
import type { Elicit, ElicitationRequest } from "../mcp/elicitation.js";

/** Who answers an MCP server's request for input when no hook does (a person, an SDK host). */
export type AskElicitation = (
  request: ElicitationRequest,
  signal: AbortSignal,
) => Promise<ElicitationAnswer>;

/** Print mode: nobody can answer, so every request no hook answers is declined. */
export const declineElicitation: AskElicitation = async () => ({ action: "decline" });

/** The Elicitation and ElicitationResult hooks, as the session runs them. */
export interface ElicitationHooks {
  elicitation(input: HookEventFields["Elicitation"]): Promise<ElicitationAnswer | undefined>;
  elicitationResult(input: HookEventFields["ElicitationResult"]): Promise<ElicitationAnswer>;
}

/** The Elicitation hook input of a request (the SDK's ElicitationHookInput fields). */
function hookInput(request: ElicitationRequest): HookEventFields["Elicitation"] {
  return {
    mcp_server_name: request.serverName,
    message: request.message,
    mode: request.mode,
    ...(request.url === undefined ? {} : { url: request.url }),
    ...(request.elicitationId === undefined ? {} : { elicitation_id: request.elicitationId }),
    ...(request.requestedSchema === undefined ? {} : { requested_schema: request.requestedSchema }),
  };
}

function resultInput(
  request: ElicitationRequest,
  answer: ElicitationAnswer,
): HookEventFields["ElicitationResult"] {
  return {
    mcp_server_name: request.serverName,
    ...(request.elicitationId === undefined ? {} : { elicitation_id: request.elicitationId }),
    mode: request.mode,
    action: answer.action,
    ...(answer.content === undefined ? {} : { content: answer.content }),
  };
}

/**
 * How the session answers a server's request for input, as Claude Code does: Elicitation
 * hooks first (one that answers replaces the dialog), else `ask`; then ElicitationResult
 * hooks see the answer and may change it before it is sent.
 */
export function sessionElicit(hooks: ElicitationHooks, ask: AskElicitation): Elicit {
  return async (request, signal) => {
    const answer = (await hooks.elicitation(hookInput(request))) ?? (await ask(request, signal));
    return hooks.elicitationResult(resultInput(request, answer));
  };
}

/**
 * An Elicit for the MCP servers, which start before the session's hooks exist; `bind` sets
 * what answers. A request before then (none is expected: servers ask during tool calls) is
 * declined.
 */
export function lateElicit(): { elicit: Elicit; bind(elicit: Elicit): void } {
  let bound: Elicit | undefined;
  return {
    elicit: (request, signal) =>
      bound ? bound(request, signal) : declineElicitation(request, signal),
    bind: (elicit) => {
      bound = elicit;
    },
  };
}
