import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  formatToolError,
  formatZodIssues,
  INTERRUPT_MESSAGE_FOR_TOOL_USE,
} from "../../../src/tools/tool-errors.js";

const todoSchema = z.strictObject({
  path: z.string(),
  todos: z.array(z.strictObject({ content: z.string(), activeForm: z.string() })),
});

function zodMessage(input: unknown): string {
  const result = todoSchema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error("expected a parse failure");
  return formatZodIssues("TodoWrite", result.error);
}

describe("input validation messages", () => {
  it("names a missing parameter", () => {
    expect(zodMessage({ todos: [] })).toBe(
      "TodoWrite failed due to the following issue:\nThe required parameter `path` is missing",
    );
  });

  it("names an unexpected parameter", () => {
    expect(zodMessage({ path: "a", todos: [], key: 1 })).toBe(
      "TodoWrite failed due to the following issue:\nAn unexpected parameter `key` was provided",
    );
  });

  it("names the expected and provided types with a nested path", () => {
    const message = zodMessage({ path: "a", todos: [{ content: "x", activeForm: 3 }] });
    expect(message).toBe(
      "TodoWrite failed due to the following issue:\nThe parameter `todos[0].activeForm` type is expected as `string` but provided as `number`",
    );
  });

  it("lists missing, then unexpected, then wrongly typed parameters", () => {
    const message = zodMessage({ todos: [{ content: null, activeForm: "y", extra: true }] });
    expect(message.split("\n")).toEqual([
      "TodoWrite failed due to the following issues:",
      "The required parameter `path` is missing",
      "An unexpected parameter `todos[0].extra` was provided",
      "The parameter `todos[0].content` type is expected as `string` but provided as `null`",
    ]);
  });

  it("describes other problems with their path and zod's wording", () => {
    const schema = z.strictObject({ mode: z.enum(["a", "b"]) });
    const result = schema.safeParse({ mode: "c" }, { reportInput: true });
    if (result.success) throw new Error("expected a parse failure");
    expect(formatZodIssues("Tool", result.error)).toBe(
      `Tool failed due to the following issue:\nThe parameter \`mode\` is invalid: ${result.error.issues[0]!.message}`,
    );
  });
});

describe("thrown tool errors", () => {
  it("gives the message of an ordinary error", () => {
    expect(formatToolError(new Error("no such file"))).toBe("no such file");
  });

  it("reports exit code, stderr and stdout of a failed command", () => {
    const error = Object.assign(new Error("ignored"), {
      exitCode: 2,
      stderr: "bad flag",
      stdout: "partial",
    });
    expect(formatToolError(error)).toBe("Exit code 2\nbad flag\npartial");
  });

  it("marks an interrupted command", () => {
    const error = Object.assign(new Error("x"), { exitCode: 130, interrupted: true, stderr: "" });
    expect(formatToolError(error)).toBe(`Exit code 130\n${INTERRUPT_MESSAGE_FOR_TOOL_USE}`);
  });

  it("says so when there is no output at all", () => {
    expect(formatToolError(new Error(""))).toBe("Command failed with no output");
  });

  it("turns a thrown non-error value into text", () => {
    expect(formatToolError("plain")).toBe("plain");
  });

  it("gives an abort without a message the interruption text", () => {
    const abort = new Error("");
    abort.name = "AbortError";
    expect(formatToolError(abort)).toBe(INTERRUPT_MESSAGE_FOR_TOOL_USE);
  });

  it("keeps the first and last 5,000 characters of a huge error", () => {
    const text = `${"a".repeat(6000)}${"m".repeat(3000)}${"z".repeat(6000)}`;
    const formatted = formatToolError(new Error(text));
    expect(formatted).toBe(
      `${"a".repeat(5000)}\n\n... [5000 characters truncated] ...\n\n${"z".repeat(5000)}`,
    );
  });

  it("leaves an error of exactly 10,000 characters whole", () => {
    const text = "e".repeat(10_000);
    expect(formatToolError(new Error(text))).toBe(text);
  });
});
