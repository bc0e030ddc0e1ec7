import type { PermissionMode } from "../../tools/context.js";

/** One message of an inbox, as the team's files hold it (task-types.md §1.4). */
export interface TeamInboxMessage {
  from: string;
  text: string;
  timestamp: string;
  read: boolean;
  color?: string;
  summary?: string;
}

/** What is sent: the mailbox stamps the time and marks it unread. */
export interface OutgoingMessage {
  from: string;
  text: string;
  summary?: string;
  color?: string;
}

/** The team's mailbox (src/teams/mailbox.ts), as the runtime uses it. */
export interface TeamMailboxPort {
  send(to: string, message: OutgoingMessage): Promise<void>;
  unread(name: string): Promise<TeamInboxMessage[]>;
  /** Marks the picked unread messages read, under the inbox's lock, and returns them. */
  take(name: string, pick: (unread: TeamInboxMessage[]) => number[]): Promise<TeamInboxMessage[]>;
}

/** A member as the runtime adds it to the team file. */
export interface NewTeamMember {
  agentId: string;
  name: string;
  agentType: string;
  model: string;
  prompt: string;
  color: string;
  planModeRequired: boolean;
  cwd: string;
  sessionId: string;
}

/** A member as the team file holds it (what a resumed session brings back). */
export interface TeamMemberRecord {
  name: string;
  agentType?: string;
  prompt?: string;
  color?: string;
}

/** The team file (src/teams/team-file.ts), as the runtime changes it. */
export interface TeamRosterPort {
  /** Its members other than the lead (none when there is no team file). */
  members(): Promise<TeamMemberRecord[]>;
  /** Creates the team file with the lead as its only member, unless it exists. */
  ensure(): Promise<void>;
  addMember(member: NewTeamMember): Promise<void>;
  setActive(name: string, active: boolean): Promise<void>;
  removeMember(name: string): Promise<void>;
}

/** A structured message a teammate acts on before its model sees it. */
type TeammateProtocolView =
  | { kind: "shutdown_request" }
  | { kind: "plan_approval_response"; approved: boolean; permissionMode?: PermissionMode }
  | { kind: "other" };

/** A structured message the lead's poller acts on. */
type LeadProtocolView =
  | { kind: "shutdown_approved"; from: string }
  | { kind: "plan_approval_request"; from: string; requestId: string }
  | { kind: "other" };

/** The message protocol (src/teams/protocol.ts), as the runtime reads and writes it. */
export interface TeamProtocolPort {
  forTeammate(text: string): TeammateProtocolView;
  forLead(text: string): LeadProtocolView;
  /** An idle_notification's text. */
  idleNotification(fields: {
    from: string;
    idleReason: "available" | "interrupted" | "failed";
    failureReason?: string;
  }): string;
  /** A plan_approval_request's text (a plan-mode teammate's ExitPlanMode). */
  planApprovalRequest(fields: {
    from: string;
    planFilePath: string;
    planContent: string;
    requestId: string;
  }): string;
  /** A plan_approval_response's text (the lead's automatic approval). */
  planApproved(fields: { requestId: string; permissionMode: PermissionMode }): string;
  /** A teammate_terminated notice's text. */
  teammateTerminated(name: string): string;
  /** A message as the model is given it: `<teammate-message teammate_id=…>text</teammate-message>`. */
  format(message: TeamInboxMessage): string;
}
