import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { createBashTool } from "../../../src/tools/builtin/bash/index.js";
import { loadShellParser, parseShellCommandSync } from "../../../src/tools/shell-parse/index.js";

// Each test file gets fresh modules, so the grammar has not been loaded when this file starts.
describe("the shell parser loads lazily", () => {
  it("answers 'unknown' (and so 'not read-only') until the grammar has loaded, then parses", async () => {
    expect(parseShellCommandSync("ls")).toBeUndefined();
    const tool = createBashTool({
      cwd: tmpdir(),
      sessionDir: tmpdir(),
      stateDir: tmpdir(),
      env: {},
    });
    expect(tool.isConcurrencySafe({ command: "ls" })).toBe(false);
    await loadShellParser();
    expect(parseShellCommandSync("ls")?.commands).toHaveLength(1);
    expect(tool.isConcurrencySafe({ command: "ls" })).toBe(true);
  });
});
