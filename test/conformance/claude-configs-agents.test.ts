import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "../../src/config/agent-file.js";

// The real agent files of the shared fixture set (SOURCES.md lists what Claude Code loads).
const FIXTURES = join(
  import.meta.dirname,
  "..",
  "..",
  "..",
  "shared",
  "fixtures",
  "claude-configs",
);
const missing = !existsSync(join(FIXTURES, "SOURCES.md"));

/** The one file Claude Code 2.1.332 does not list either: its description is not valid YAML. */
const NOT_LOADED_BY_CLAUDE_CODE =
  "anthropics__claude-code/plugins/plugin-dev/agents/agent-creator.md";

async function agentFiles(): Promise<string[]> {
  const entries = await readdir(FIXTURES, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => /[\\/]agents[\\/]/.test(relative(FIXTURES, path)))
    .sort();
}

describe.skipIf(missing)("the fixture set's real agent files", () => {
  it("load as Claude Code loads them", async () => {
    const files = await agentFiles();
    expect(files.length).toBeGreaterThan(20);
    const outcome = await Promise.all(
      files.map(async (path) => {
        const parsed = parseAgentFile(await readFile(path, "utf8"), path, "project");
        return [relative(FIXTURES, path), parsed.ok ? "loaded" : parsed.problem] as const;
      }),
    );
    const expected = outcome.map(([path]) => [
      path,
      path === NOT_LOADED_BY_CLAUDE_CODE ? expect.not.stringMatching(/^loaded$/) : "loaded",
    ]);
    expect(outcome).toEqual(expected);
  });
});
