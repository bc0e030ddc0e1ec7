import type { Message } from "../../../src/protocol/messages.js";
import { emptyUsage } from "../../../src/protocol/usage.js";
import { teamProtocol } from "../../../src/teams/protocol-port.js";
import type {
  NewTeamMember,
  TeamInboxMessage,
  TeamMailboxPort,
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

/** The team's real protocol (src/teams/protocol.ts), its clock fixed. */
export const PROTOCOL = teamProtocol(() => new Date("2026-12-05T00:00:00.000Z"));

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
