import type { SessionEvent } from "../../session/engine/session-event.js";
import type { PermissionMode } from "../../tools/context.js";
import { TEAM_LEAD_NAME } from "../team-names.js";
import type { TeamInboxMessage, TeamMailboxPort, TeamProtocolPort } from "./team-ports.js";

/** What the lead's inbox poller acts through. */
export interface LeadInboxDeps {
  mailbox: TeamMailboxPort;
  protocol: TeamProtocolPort;
  /** A teammate approved its shutdown: stop it and take it off the team. */
  onShutdownApproved: (name: string) => Promise<void>;
  /** The lead's mode now: a plan approval grants it (default when the lead is in plan mode). */
  leadMode: () => PermissionMode;
  /** Where what the lead should hear goes (the engine's deliver: a turn, or an attachment). */
  deliver: (event: SessionEvent) => void;
}

/** The mode a plan approval grants a teammate (Claude Code: the lead's, never plan). */
export function grantedMode(leadMode: PermissionMode): PermissionMode {
  return leadMode === "plan" ? "default" : leadMode;
}

/** What one message asks of the lead besides being shown: a notice to add, if any. */
async function route(deps: LeadInboxDeps, message: TeamInboxMessage): Promise<string | undefined> {
  const view = deps.protocol.forLead(message.text);
  if (view.kind === "shutdown_approved") {
    await deps.onShutdownApproved(message.from);
    return deps.protocol.teammateTerminated(message.from);
  }
  if (view.kind === "plan_approval_request") {
    // Approved at once (as Claude Code's poller does); the lead still sees the request.
    const text = deps.protocol.planApproved({
      requestId: view.requestId,
      permissionMode: grantedMode(deps.leadMode()),
    });
    await deps.mailbox.send(message.from, { from: TEAM_LEAD_NAME, text });
  }
  return undefined;
}

/**
 * One look at the lead's inbox (task-types.md §1.7): every unread message is taken (marked
 * read under the inbox's lock), acted on (a shutdown approval stops the teammate; a plan
 * request is approved), and delivered to the lead as one event of `<teammate-message>` blocks,
 * with a teammate_terminated notice after each approved shutdown. Returns how many it took.
 */
export async function pollLeadInbox(deps: LeadInboxDeps): Promise<number> {
  const taken = await deps.mailbox.take(TEAM_LEAD_NAME, (unread) => unread.map((_, i) => i));
  if (taken.length === 0) return 0;
  const blocks: string[] = [];
  for (const message of taken) {
    blocks.push(deps.protocol.format(message));
    const notice = await route(deps, message);
    if (notice !== undefined) {
      const at = new Date().toISOString();
      blocks.push(
        deps.protocol.format({ from: "system", text: notice, timestamp: at, read: true }),
      );
    }
  }
  const from = [...new Set(taken.map((message) => message.from))];
  deps.deliver({ type: "teammate_mailbox", from, text: blocks.join("\n\n") });
  return taken.length;
}
