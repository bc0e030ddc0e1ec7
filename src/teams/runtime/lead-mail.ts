import type { SessionEvent } from "../../session/engine/session-event.js";
import type { PermissionMode, ToolUseContext } from "../../tools/context.js";
import { type LeadMail, takeLeadMail } from "./lead-inbox.js";
import type { TeamMailboxPort, TeamProtocolPort } from "./team-ports.js";

/** What the lead's mail is read through and where it goes. */
interface LeadMailDeps {
  mailbox: TeamMailboxPort;
  protocol: TeamProtocolPort;
  leadMode: () => PermissionMode;
  /** Whether the lead's turn runs now (its mail then waits for its next tool boundary). */
  leadBusy: () => boolean;
  /** Where an idle lead's mail goes: a turn of its own (the engine's deliver). */
  deliver: (event: SessionEvent) => void;
  /** A teammate approved its shutdown (carried out without holding up the mail). */
  onShutdownApproved: (name: string) => void;
  onError: (error: unknown) => void;
  pollMs: number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Aborted when the session ends: the mail is left unread from then on. */
  stop: AbortSignal;
}

/**
 * The lead's side of the team's mail (task-types.md §1.7). Nothing is marked read that the
 * lead's conversation does not keep: an idle lead's inbox is read by a poller and delivered as
 * a turn of its own; a busy lead's is taken at its next tool boundary (`source`) and kept as an
 * attachment at once. Once the session ends, mail stays unread in the team's files.
 */
export class LeadMailRoom {
  private poller: Promise<void> | undefined;
  /** The session has a team: until then there is no mail to look for. */
  private open = false;

  constructor(private readonly deps: LeadMailDeps) {}

  /** Starts looking for the lead's mail (with the first teammate); idempotent. */
  startPolling(): void {
    this.open = true;
    if (this.poller) return;
    this.poller = (async () => {
      while (!this.deps.stop.aborted) {
        await this.poll();
        await this.deps.sleep(this.deps.pollMs, this.deps.stop);
      }
    })();
  }

  /** A busy lead's mail is looked for at its tool boundaries from now on (a resumed team). */
  expectMail(): void {
    this.open = true;
  }

  /** Reads an idle lead's inbox once; returns whether it delivered any mail. */
  async poll(): Promise<boolean> {
    if (this.deps.leadBusy()) return false;
    const mail = await this.take();
    if (mail) this.deps.deliver(mail);
    return mail !== undefined;
  }

  /** The attachment source: the main thread's mail at each of its tool boundaries. */
  readonly source = async (pass: { context: ToolUseContext }): Promise<LeadMail[]> => {
    if (pass.context.agentId !== undefined || !this.open) return [];
    const mail = await this.take();
    return mail ? [mail] : [];
  };

  /** Settles once the poller has stopped (after the session's end). */
  async stopped(): Promise<void> {
    await this.poller;
  }

  /** The lead's unread mail, taken; a failure is reported and the next look tries again. */
  private async take(): Promise<LeadMail | undefined> {
    if (this.deps.stop.aborted) return undefined;
    try {
      return await takeLeadMail(this.deps);
    } catch (error) {
      this.deps.onError(error);
      return undefined;
    }
  }
}
