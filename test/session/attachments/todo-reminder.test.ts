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
