import type { AssistantMessage, Attachment, Message } from "../../protocol/messages.js";
import type { TodoItem } from "../../tools/builtin/todo-write/schema.js";

/** The tool whose disuse the reminder is about. */
export const TODO_WRITE_TOOL = "TodoWrite";

/** Assistant turns without TodoWrite (and since the last reminder) before a reminder is due. */
export const TODO_REMINDER_TURNS = 10;

/** Assistant turns counted back to the last TodoWrite call and to the last todo reminder. */
export interface TodoTurnCounts {
  sinceTodoWrite: number;
  sinceReminder: number;
}

/** A block of a real model response that is more than thinking (API-error stand-ins never count). */
function countsAsTurn(message: AssistantMessage): boolean {
  if (message.isApiErrorMessage) return false;
  return message.message.content.some(
    (block) => block.type !== "thinking" && block.type !== "redacted_thinking",
  );
}

function callsTodoWrite(message: AssistantMessage): boolean {
  return message.message.content.some(
    (block) => block.type === "tool_use" && block.name === TODO_WRITE_TOOL,
  );
}

/**
 * Counts assistant turns (responses, told apart by message.id: each block of a response is its
 * own message) after the last TodoWrite call and after the last todo reminder.
 */
export function todoTurnCounts(messages: readonly Message[]): TodoTurnCounts {
  const seen = new Set<string>();
  const counts: TodoTurnCounts = { sinceTodoWrite: 0, sinceReminder: 0 };
  for (const message of messages) {
    if (message.type === "attachment" && message.attachment.type === "todo_reminder") {
      counts.sinceReminder = 0;
    }
    if (message.type !== "assistant" || !countsAsTurn(message)) continue;
    if (!seen.has(message.message.id)) {
      seen.add(message.message.id);
      counts.sinceTodoWrite += 1;
      counts.sinceReminder += 1;
    }
    // The response that calls TodoWrite is not a turn without it, whichever block came first.
    if (callsTodoWrite(message)) counts.sinceTodoWrite = 0;
  }
  return counts;
}

/** What the reminder needs to know about the session. */
export interface TodoReminderOptions {
  /** The names of the tools the model has this turn. */
  toolNames: readonly string[];
}

/**
 * A `todo_reminder` attachment with the current list when TodoWrite is offered but has not been
 * used for TODO_REMINDER_TURNS assistant turns, nor reminded of for as long; otherwise undefined.
 */
export function todoReminder(
  messages: readonly Message[],
  todos: readonly TodoItem[],
  options: TodoReminderOptions,
): Attachment | undefined {
  if (!options.toolNames.includes(TODO_WRITE_TOOL)) return undefined;
  const counts = todoTurnCounts(messages);
  if (counts.sinceTodoWrite < TODO_REMINDER_TURNS) return undefined;
  if (counts.sinceReminder < TODO_REMINDER_TURNS) return undefined;
  return {
    type: "todo_reminder",
    todos: todos.map((todo) => ({ content: todo.content, status: todo.status })),
  };
}
