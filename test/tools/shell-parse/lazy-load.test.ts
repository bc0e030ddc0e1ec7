import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { createBashTool } from "../../../src/tools/builtin/bash/index.js";
import { loadShellParser, parseShellCommandSync } from "../../../src/tools/shell-parse/index.js";
import { loadedParser } from "../../../src/tools/shell-parse/tree-sitter-loader.js";

// This file runs in the fresh-modules project (vitest.config.ts), so the grammar has not been
// loaded when it starts.
describe("the shell parser loads lazily", () => {
  it("reads plain commands without the grammar; others are 'unknown' (so not read-only) until it loads", async () => {
    const tool = createBashTool({
      cwd: tmpdir(),
      sessionDir: tmpdir(),
      stateDir: tmpdir(),
      env: {},
    });
    expect(parseShellCommandSync("ls -la | head")?.commands).toHaveLength(2);
    expect(tool.isConcurrencySafe({ command: "ls" })).toBe(true);
    expect(loadedParser()).toBeUndefined();

    expect(parseShellCommandSync('ls "a b"')).toBeUndefined();
    expect(tool.isConcurrencySafe({ command: 'ls "a b"' })).toBe(false);
    await loadShellParser();
    expect(parseShellCommandSync('ls "a b"')?.commands).toHaveLength(1);
    expect(tool.isConcurrencySafe({ command: 'ls "a b"' })).toBe(true);
  });
});
