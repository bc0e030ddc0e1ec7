import { describe, expect, it } from "vitest";
import { replElicitation } from "../../src/cli/repl/elicitation-dialog.js";
import type {
  AskPerson,
  PermissionAnswer,
  PermissionQuestion,
} from "../../src/cli/repl/interactive-permissions.js";

/** A person who gives `answers` in order, and the questions they were shown. */
function person(answers: PermissionAnswer[]): { ask: AskPerson; asked: PermissionQuestion[] } {
  const asked: PermissionQuestion[] = [];
  return {
    asked,
    ask: async (question) => {
      asked.push(question);
      const answer = answers.shift();
      if (!answer) throw new Error("asked more than expected");
      return answer;
    },
  };
}

const form = {
  serverName: "asker",
  message: "Tell me about you",
  mode: "form" as const,
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "Your name" },
      colour: { type: "string", enum: ["red", "blue"] },
      age: { type: "integer" },
      subscribe: { type: "boolean" },
    },
    required: ["name"],
  },
};
const signal = new AbortController().signal;

describe("the REPL's dialogs for an MCP server's request for input", () => {
  it("a form asks each field in turn: typed lines, an enum's and a boolean's choices; numbers are numbers", async () => {
    const { ask, asked } = person([
      { kind: "deny", feedback: "Ada" },
      { kind: "answer", value: "blue" },
      { kind: "deny", feedback: "36" },
      { kind: "answer", value: "true" },
    ]);
    expect(await replElicitation(ask)(form, signal)).toEqual({
      action: "accept",
      content: { name: "Ada", colour: "blue", age: 36, subscribe: true },
    });
    expect(asked.map((q) => q.message)).toEqual([
      "name (required) — Your name",
      "colour",
      "age",
      "subscribe",
    ]);
    expect(asked[0]?.summary).toBe('MCP server "asker": Tell me about you');
    expect(asked.map((q) => q.options?.map((o) => o.label))).toEqual([
      [],
      ["red", "blue"],
      [],
      ["true", "false"],
    ]);
  });

  it("Esc on any field cancels the request; a URL request is done, declined or cancelled", async () => {
    const esc: PermissionAnswer = { kind: "deny", feedback: "" };
    expect(await replElicitation(person([esc]).ask)(form, signal)).toEqual({ action: "cancel" });
    const url = {
      serverName: "auth",
      message: "Sign in",
      mode: "url" as const,
      url: "https://example.test/x",
    };
    const done = person([{ kind: "answer", value: "Done" }]);
    expect(await replElicitation(done.ask)(url, signal)).toEqual({ action: "accept" });
    expect(done.asked[0]?.summary).toContain("https://example.test/x");
    expect(
      await replElicitation(person([{ kind: "answer", value: "Decline" }]).ask)(url, signal),
    ).toEqual({
      action: "decline",
    });
    expect(await replElicitation(person([esc]).ask)(url, signal)).toEqual({ action: "cancel" });
  });
});
