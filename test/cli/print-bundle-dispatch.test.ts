import { describe, expect, it } from "vitest";
import { printBundleServes } from "../../src/cli/print-bundle-dispatch.js";

describe("which arguments the print bundle runs", () => {
  it.each([
    [["-p", "hello"]],
    [["--model", "x", "--print", "hello"]],
    [["--input-format", "stream-json", "--output-format", "stream-json"]],
    [["--input-format=stream-json"]],
    [["scripted-server", "scenario.json"]],
    [["trace", "abc"]],
    [["ps"]],
    [["logs", "-f", "t1"]],
    [["kill", "t1"]],
    [["mcp", "list"]],
    [["--bg", "fix the tests"]],
  ])("headless: %j", (argv) => {
    expect(printBundleServes(argv)).toBe(true);
  });

  it.each([
    [[]],
    [["hello"]],
    [["--resume"]],
    [["--input-format", "text"]],
    [["--model", "claude-sonnet-4-5"]],
    // attach may continue the task's session in the REPL after following it
    [["attach", "t1"]],
    [["attach", "-p"]],
  ])("interactive or unsure: %j", (argv) => {
    expect(printBundleServes(argv)).toBe(false);
  });
});
