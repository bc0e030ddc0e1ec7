import { buildRequest } from "../../loop/build-request.js";
import { messagesAfterCompactBoundary } from "../../loop/compact-boundary.js";
import type { ModelRequest } from "../../model/provider.js";
import { createAttachmentMessage, type IdSource } from "../../protocol/factories.js";
import type { Message } from "../../protocol/messages.js";
import type { ToolUseContext } from "../../tools/context.js";
import type { SessionContext } from "./config.js";

/** What the next turn's opening request is built from. */
interface NextRequestInputs {
  history: readonly Message[];
  session: SessionContext;
  context: ToolUseContext;
  maxTokens: number;
  /** The skill listing the next turn adds (the conversation lacks it), if any. */
  pendingSkillListing: string | undefined;
  ids: IdSource;
}

/** The next request, and the parts of it `/context` names (memory files, skill listings). */
export interface NextRequest {
  request: ModelRequest;
  /** The memory files as the user context carries them ("" when none). */
  memoryText: string;
  /** Every skill listing the request carries. */
  skillListings: string[];
}

/**
 * The request the next turn opens with, less its prompt: the conversation since the last
 * compaction with the skill listing the turn would add, the session's system prompt, user
 * context and tools, built as the loop builds it.
 */
export function nextTurnRequest(inputs: NextRequestInputs): NextRequest {
  const pending = inputs.pendingSkillListing;
  const listing =
    pending === undefined
      ? []
      : [createAttachmentMessage({ type: "skill_listing", content: pending }, inputs.ids)];
  const messages = [...messagesAfterCompactBoundary(inputs.history), ...listing];
  const request = buildRequest({
    messages,
    systemPrompt: inputs.session.systemPrompt,
    userContext: inputs.session.userContext,
    context: inputs.context,
    maxTokens: inputs.maxTokens,
    kind: "main",
  });
  const skillListings = messages.flatMap((m) =>
    m.type === "attachment" && m.attachment.type === "skill_listing" ? [m.attachment.content] : [],
  );
  return { request, memoryText: inputs.session.userContext.claudeMd ?? "", skillListings };
}
