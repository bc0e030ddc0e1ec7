import { createUserMessage, type IdSource } from "../../protocol/factories.js";
import type { Attachment, UserMessage } from "../../protocol/messages.js";
import type { SdkMessage } from "../sdk-messages.js";

/**
 * Something the model should hear of that no person typed: a background task of the session
 * ended, a monitor's event, teammates' messages. Its fields are
 * the `task_notification` attachment's, so a running turn takes it unchanged.
 */
export type SessionEvent = Extract<
  Attachment,
  { type: "task_notification" | "monitor_event" | "teammate_mailbox" }
>;

/** What starts a turn: a prompt someone sent, or an event nobody typed. */
export type TurnInput =
  | { kind: "prompt"; prompt: string; uuid: string }
  | { kind: "event"; event: SessionEvent; uuid: string };

/** A turn an event started while the session was idle: the event and the turn's messages. */
export interface UnpromptedTurn {
  event: SessionEvent;
  /** The turn's messages, ending with its result; the turn runs as they are read. */
  messages: AsyncGenerator<SdkMessage, void, undefined>;
}

/** How a running turn takes input at a tool boundary: as an attachment after the tool results. */
export function inputAttachment(input: TurnInput): Attachment {
  if (input.kind === "prompt") return { type: "queued_command", prompt: input.prompt };
  return input.event;
}

/**
 * The user message of an event's own turn, shaped as Claude Code delivers a task's end to an
 * idle session (`<task-notification>`); meta, since no person typed it.
 */
export function eventPromptText(event: SessionEvent): string {
  // Teammates' messages are already their own blocks (<teammate-message>), as Claude Code sends them.
  if (event.type === "teammate_mailbox") return event.text;
  if (event.type === "monitor_event") {
    return [
      "<monitor-event>",
      `<task-id>${event.taskId}</task-id>`,
      `<description>${event.description}</description>`,
      `<output>\n${event.text}\n</output>`,
      "</monitor-event>",
    ].join("\n");
  }
  return [
    "<task-notification>",
    `<task-id>${event.taskId}</task-id>`,
    `<status>${event.status}</status>`,
    `<summary>Background task "${event.description}" ${event.status}</summary>`,
    `<result>${event.summary}</result>`,
    "</task-notification>",
  ].join("\n");
}

/** The user message a turn starts with. */
export function turnInputMessage(input: TurnInput, ids: IdSource): UserMessage {
  if (input.kind === "prompt") return { ...createUserMessage(input.prompt, ids), uuid: input.uuid };
  const text = eventPromptText(input.event);
  return { ...createUserMessage(text, ids, { isMeta: true }), uuid: input.uuid };
}
