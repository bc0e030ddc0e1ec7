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
 * own message) after the last TodoWrite call and after the last todo reminder; the response
 * that calls TodoWrite is not one of them, whichever of its blocks came first. Counts stop at
 * `limit`: the history is read from its end only as far as that needs (it runs every turn).
 */
export function todoTurnCounts(
  messages: readonly Message[],
  limit = Number.POSITIVE_INFINITY,
): TodoTurnCounts {
  const counted = new Set<string>();
  let sinceTodoWrite: number | undefined;
  let sinceReminder: number | undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (sinceTodoWrite !== undefined && sinceReminder !== undefined) break;
    // One response past the limit: every response within it has been read whole.
    if (counted.size > limit) break;
    const message = messages[i]!;
    if (message.type === "attachment" && message.attachment.type === "todo_reminder") {
      sinceReminder ??= counted.size;
    }
    if (message.type !== "assistant" || !countsAsTurn(message)) continue;
    const id = message.message.id;
    if (sinceTodoWrite === undefined && callsTodoWrite(message)) {
      sinceTodoWrite = counted.size - (counted.has(id) ? 1 : 0);
    }
    counted.add(id);
  }
  const upTo = (count: number) => Math.min(count, limit);
  return {
    sinceTodoWrite: upTo(sinceTodoWrite ?? counted.size),
    sinceReminder: upTo(sinceReminder ?? counted.size),
  };
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
  const counts = todoTurnCounts(messages, TODO_REMINDER_TURNS);
  if (counts.sinceTodoWrite < TODO_REMINDER_TURNS) return undefined;
  if (counts.sinceReminder < TODO_REMINDER_TURNS) return undefined;
  return {
    type: "todo_reminder",
    todos: todos.map((todo) => ({ content: todo.content, status: todo.status })),
  };
}
