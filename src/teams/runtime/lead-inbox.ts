import type { SessionEvent } from "../../session/engine/session-event.js";
import type { PermissionMode } from "../../tools/context.js";
import { TEAM_LEAD_NAME } from "../team-names.js";
import type { TeamInboxMessage, TeamMailboxPort, TeamProtocolPort } from "./team-ports.js";

/** What the lead's inbox poller acts through. */
interface LeadInboxDeps {
  mailbox: TeamMailboxPort;
  protocol: TeamProtocolPort;
  /**
   * A teammate approved its shutdown: stop it and take it off the team. Not waited for (its
   * current step may take a while); the lead is told it terminated at once.
   */
  onShutdownApproved: (name: string) => void;
  /** The lead's mode now: a plan approval grants it (default when the lead is in plan mode). */
  leadMode: () => PermissionMode;
}

/** What the lead hears of its teammates' mail: one event of `<teammate-message>` blocks. */
export type LeadMail = Extract<SessionEvent, { type: "teammate_mailbox" }>;

/** The mode a plan approval grants a teammate (Claude Code: the lead's, never plan). */
export function grantedMode(leadMode: PermissionMode): PermissionMode {
  return leadMode === "plan" ? "default" : leadMode;
}

/** What one message asks of the lead besides being shown: a notice to add, if any. */
async function route(deps: LeadInboxDeps, message: TeamInboxMessage): Promise<string | undefined> {
  const view = deps.protocol.forLead(message.text);
  if (view.kind === "shutdown_approved") {
    deps.onShutdownApproved(message.from);
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
 * Takes the lead's unread mail (task-types.md §1.7): every unread message is marked read under
 * the inbox's lock, acted on (a shutdown approval stops the teammate; a plan request is
 * approved), and returned as one event of `<teammate-message>` blocks for the lead, with a
 * teammate_terminated notice after each approved shutdown. Undefined when there was none.
 */
export async function takeLeadMail(deps: LeadInboxDeps): Promise<LeadMail | undefined> {
  const taken = await deps.mailbox.take(TEAM_LEAD_NAME, (unread) => unread.map((_, i) => i));
  if (taken.length === 0) return undefined;
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
  return { type: "teammate_mailbox", from, text: blocks.join("\n\n") };
}
