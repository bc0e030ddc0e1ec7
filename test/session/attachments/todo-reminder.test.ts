import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message } from "../../../src/protocol/messages.js";
import { todoReminder, todoTurnCounts } from "../../../src/session/attachments/todo-reminder.js";
import type { TodoItem } from "../../../src/tools/builtin/todo-write/schema.js";
import {
  assistantBlock,
  reminderMessage,
  textTurn,
  textTurns,
  todoWriteTurn,
} from "./conversation.js";

const TODOS: TodoItem[] = [
  { content: "Write the parser", status: "completed", activeForm: "Writing the parser" },
  { content: "Test the parser", status: "in_progress", activeForm: "Testing the parser" },
];
const WITH_TODO_WRITE = { toolNames: ["Read", "TodoWrite"] };

describe("todoReminder", () => {
  it("fires after 10 assistant turns without TodoWrite, carrying the current list", () => {
    expect(todoReminder(textTurns("r", 10), TODOS, WITH_TODO_WRITE)).toEqual({
      type: "todo_reminder",
      todos: [
        { content: "Write the parser", status: "completed" },
        { content: "Test the parser", status: "in_progress" },
      ],
    });
  });

  it("does not fire after 9 turns", () => {
    expect(todoReminder(textTurns("r", 9), TODOS, WITH_TODO_WRITE)).toBeUndefined();
  });

  it("does not fire when TodoWrite is not among the tools", () => {
    expect(todoReminder(textTurns("r", 30), TODOS, { toolNames: ["Read"] })).toBeUndefined();
  });

  it("starts counting again after a TodoWrite call", () => {
    const nine = [...textTurns("a", 12), todoWriteTurn("w"), ...textTurns("b", 9)];
    const ten = [...nine, textTurn("b10")];
    expect(todoReminder(nine, TODOS, WITH_TODO_WRITE)).toBeUndefined();
    expect(todoReminder(ten, TODOS, WITH_TODO_WRITE)?.type).toBe("todo_reminder");
  });

  it("waits 10 turns after its own last reminder", () => {
    const afterReminder = [...textTurns("a", 15), reminderMessage("rem"), ...textTurns("b", 9)];
    expect(todoReminder(afterReminder, TODOS, WITH_TODO_WRITE)).toBeUndefined();
    expect(todoReminder([...afterReminder, textTurn("b10")], TODOS, WITH_TODO_WRITE)).toBeDefined();
  });

  it("counts the blocks of one response as one turn and skips thinking-only messages", () => {
    const messages: Message[] = [];
    for (let i = 1; i <= 9; i++) {
      const id = `r${i}`;
      messages.push(
        assistantBlock(id, { type: "thinking", thinking: "hmm", signature: "sig" }),
        assistantBlock(id, { type: "text", text: "working" }),
        assistantBlock(id, { type: "tool_use", id: `t${i}`, name: "Read", input: {} }),
      );
    }
    messages.push(
      assistantBlock("thinking-only", { type: "thinking", thinking: "x", signature: "s" }),
    );
    expect(todoTurnCounts(messages)).toEqual({ sinceTodoWrite: 9, sinceReminder: 9 });
    expect(todoReminder(messages, TODOS, WITH_TODO_WRITE)).toBeUndefined();
  });

  it("treats a response whose TodoWrite block follows its text as a TodoWrite turn", () => {
    const messages = [
      ...textTurns("a", 12),
      assistantBlock("w", { type: "text", text: "updating the list" }),
      todoWriteTurn("w"),
      ...textTurns("b", 3),
    ];
    expect(todoTurnCounts(messages).sinceTodoWrite).toBe(3);
  });
});

/** The counts as first written: one pass from the start of the history. */
function countsFromTheStart(messages: readonly Message[]) {
  const seen = new Set<string>();
  const counts = { sinceTodoWrite: 0, sinceReminder: 0 };
  for (const message of messages) {
    if (message.type === "attachment" && message.attachment.type === "todo_reminder") {
      counts.sinceReminder = 0;
    }
    if (message.type !== "assistant") continue;
    const blocks = message.message.content;
    if (blocks.every((b) => b.type === "thinking" || b.type === "redacted_thinking")) continue;
    if (!seen.has(message.message.id)) {
      seen.add(message.message.id);
      counts.sinceTodoWrite += 1;
      counts.sinceReminder += 1;
    }
    if (blocks.some((b) => b.type === "tool_use" && b.name === "TodoWrite"))
      counts.sinceTodoWrite = 0;
  }
  return counts;
}

const blockKind = fc.constantFrom("text", "thinking", "read", "todo");
const historyPart = fc.oneof(
  { weight: 1, arbitrary: fc.constant("reminder" as const) },
  { weight: 4, arbitrary: fc.array(blockKind, { minLength: 1, maxLength: 3 }) },
);

/** A history of responses (their blocks in a row, as keel records them) and reminders. */
function historyOf(parts: Array<"reminder" | Array<"text" | "thinking" | "read" | "todo">>) {
  const messages: Message[] = [];
  parts.forEach((part, n) => {
    if (part === "reminder") {
      messages.push(reminderMessage(`rem${n}`));
      return;
    }
    for (const kind of part) {
      if (kind === "todo") messages.push(todoWriteTurn(`r${n}`));
      else if (kind === "thinking")
        messages.push(assistantBlock(`r${n}`, { type: "thinking", thinking: "x", signature: "s" }));
      else if (kind === "read")
        messages.push(
          assistantBlock(`r${n}`, { type: "tool_use", id: `t${n}`, name: "Read", input: {} }),
        );
      else messages.push(assistantBlock(`r${n}`, { type: "text", text: "t" }));
    }
  });
  return messages;
}

describe("todoTurnCounts, read from the end", () => {
  it("agrees with one pass from the start, and stops at its limit", () => {
    fc.assert(
      fc.property(fc.array(historyPart, { maxLength: 40 }), fc.nat(12), (parts, limit) => {
        const messages = historyOf(parts);
        const expected = countsFromTheStart(messages);
        expect(todoTurnCounts(messages)).toEqual(expected);
        expect(todoTurnCounts(messages, limit)).toEqual({
          sinceTodoWrite: Math.min(expected.sinceTodoWrite, limit),
          sinceReminder: Math.min(expected.sinceReminder, limit),
        });
      }),
      { numRuns: 500 },
    );
  });
});
