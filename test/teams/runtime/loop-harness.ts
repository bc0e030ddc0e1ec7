import type { Message } from "../../../src/protocol/messages.js";
import { emptyUsage } from "../../../src/protocol/usage.js";
import type {
  NewTeamMember,
  TeamInboxMessage,
  TeamMailboxPort,
  TeamProtocolPort,
  TeamRosterPort,
} from "../../../src/teams/runtime/team-ports.js";
import type { TeammateConversation, TeammateTurnOutcome } from "../../../src/tools/teammates.js";

/** An inbox per name in memory: a small real mailbox (take marks read, in one step). */
export class MemoryMailbox implements TeamMailboxPort {
  readonly inboxes = new Map<string, TeamInboxMessage[]>();
  private clock = 0;

  async send(
    to: string,
    message: { from: string; text: string; summary?: string; color?: string },
  ) {
    const box = this.inboxes.get(to) ?? [];
    box.push({ ...message, timestamp: `t${++this.clock}`, read: false });
    this.inboxes.set(to, box);
  }

  async unread(name: string): Promise<TeamInboxMessage[]> {
    return (this.inboxes.get(name) ?? []).filter((m) => !m.read);
  }

  async take(name: string, pick: (unread: TeamInboxMessage[]) => number[]) {
    const unread = await this.unread(name);
    const picked = pick(unread)
      .map((i) => unread[i])
      .filter((m) => m !== undefined);
    for (const message of picked) message.read = true;
    return picked.map((m) => ({ ...m }));
  }

  /** Every message ever sent to `name`. */
  all(name: string): TeamInboxMessage[] {
    return this.inboxes.get(name) ?? [];
  }
}

/** The protocol as JSON inside `text` (the shapes of task-types.md §1.5). */
export const JSON_PROTOCOL: TeamProtocolPort = {
  forTeammate(text) {
    const parsed = parse(text);
    if (parsed?.type === "shutdown_request") return { kind: "shutdown_request" };
    if (parsed?.type === "plan_approval_response") {
      return {
        kind: "plan_approval_response",
        approved: parsed.approved === true,
        ...(typeof parsed.permissionMode === "string"
          ? { permissionMode: parsed.permissionMode as "default" }
          : {}),
      };
    }
    return { kind: "other" };
  },
  forLead(text) {
    const parsed = parse(text);
    if (parsed?.type === "shutdown_approved")
      return { kind: "shutdown_approved", from: String(parsed.from) };
    if (parsed?.type === "plan_approval_request") {
      return {
        kind: "plan_approval_request",
        from: String(parsed.from),
        requestId: String(parsed.requestId),
      };
    }
    return { kind: "other" };
  },
  idleNotification: (fields) => JSON.stringify({ type: "idle_notification", ...fields }),
  planApprovalRequest: (fields) => JSON.stringify({ type: "plan_approval_request", ...fields }),
  planApproved: (fields) =>
    JSON.stringify({ type: "plan_approval_response", approved: true, ...fields }),
  teammateTerminated: (name) =>
    JSON.stringify({ type: "teammate_terminated", message: `${name} has shut down.` }),
  format: (m) => `<teammate-message teammate_id="${m.from}">${m.text}</teammate-message>`,
};

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A conversation whose turns end as scripted, recording each prompt it was given. */
export class ScriptedConversation implements TeammateConversation {
  readonly prompts: string[] = [];
  closed = false;

  constructor(
    private readonly turns: Array<Partial<TeammateTurnOutcome> & { run?: () => Promise<void> }>,
  ) {}

  async runTurn(prompt: string): Promise<TeammateTurnOutcome> {
    this.prompts.push(prompt);
    const turn = this.turns.shift() ?? {};
    await turn.run?.();
    return {
      text: turn.text ?? "",
      apiError: turn.apiError ?? false,
      terminalReason: turn.terminalReason ?? "completed",
      messages: turn.messages ?? ([] as Message[]),
      usage: emptyUsage(),
    };
  }

  close(): void {
    this.closed = true;
  }
}

/** The team file in memory: who joined, and each member's isActive. */
export class MemoryRoster implements TeamRosterPort {
  readonly entries = new Map<string, NewTeamMember & { isActive: boolean }>();
  async members() {
    return [...this.entries.values()];
  }
  async ensure() {}
  async addMember(member: NewTeamMember) {
    this.entries.set(member.name, { ...member, isActive: true });
  }
  async setActive(name: string, active: boolean) {
    const member = this.entries.get(name);
    if (member) member.isActive = active;
  }
  async removeMember(name: string) {
    this.entries.delete(name);
  }
}
