import { describe, expect, it } from "vitest";
import { bashToolResult } from "../../../src/tools/builtin/bash/result.js";
import type { BashOutput } from "../../../src/tools/builtin/bash/schema.js";

function output(overrides: Partial<BashOutput>): BashOutput {
  return {
    stdout: "",
    stderr: "",
    exitCode: 0,
    interrupted: false,
    cwd: "/w",
    notes: [],
    ...overrides,
  };
}

describe("Bash tool results", () => {
  it("joins stdout and stderr for a success", () => {
    expect(bashToolResult(output({ stdout: "a\n", stderr: "b\n" }), "t1")).toEqual({
      type: "tool_result",
      tool_use_id: "t1",
      content: "a\nb",
    });
  });

  it("puts the exit code first and marks a failure as an error", () => {
    const block = bashToolResult(output({ stdout: "x\n", exitCode: 2 }), "t1");
    expect(block).toMatchObject({ content: "Exit code 2\nx", is_error: true });
  });

  it("names the signal that ended a shell", () => {
    const block = bashToolResult(output({ exitCode: null, exitSignal: "SIGSEGV" }), "t1");
    expect(block).toMatchObject({ content: "Terminated by signal SIGSEGV", is_error: true });
  });

  it("marks an interrupted command with Claude Code's marker", () => {
    const block = bashToolResult(
      output({ stdout: "so far\n", exitCode: null, interrupted: true }),
      "t",
    );
    expect(block).toMatchObject({
      content: "so far\n<error>Command was aborted before completion</error>",
      is_error: true,
    });
  });

  it("says how long a command ran before its timeout", () => {
    const block = bashToolResult(output({ exitCode: null, timedOutAfterMs: 1500 }), "t");
    expect(block).toMatchObject({ content: "Command timed out after 1500 ms", is_error: true });
  });

  it("tells the model where the full output is when it was cut", () => {
    const block = bashToolResult(
      output({ stdout: "head…tail", truncation: { totalChars: 99, fullOutputPath: "/s/out.txt" } }),
      "t",
    );
    expect(block.content).toContain("Output was 99 characters");
    expect(block.content).toContain("/s/out.txt");
  });

  it("says why the full output could not be saved", () => {
    const block = bashToolResult(
      output({ stdout: "x", truncation: { totalChars: 99, saveError: "ENOSPC" } }),
      "t",
    );
    expect(block.content).toContain("could not be saved: ENOSPC");
  });
});
