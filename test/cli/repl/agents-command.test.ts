import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentsText } from "../../../src/cli/repl/commands/agents-list.js";
import { loadAgentDefinitions } from "../../../src/config/agent-definitions.js";
import { BUILT_IN_AGENTS } from "../../../src/config/built-in-agents.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { controllerFor, notices } from "./repl-harness.js";

let project: string;
let home: string;

beforeEach(async () => {
  project = await mkdtemp(join(tmpdir(), "keel-agents-cmd-project-"));
  home = await mkdtemp(join(tmpdir(), "keel-agents-cmd-home-"));
});

afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function agentFile(root: string, file: string, text: string): Promise<string> {
  const dir = join(root, ".claude", "agents", "team");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, file), text);
  return join(dir, file);
}

describe("/agents", () => {
  it("lists the session's agent types by source, with model, first description line and file", async () => {
    const reviewer = await agentFile(
      project,
      "reviewer.md",
      "---\nname: reviewer\ndescription: Reviews diffs.\\n<example>user: review this</example>\nmodel: haiku\n---\nYou review.\n",
    );
    const writer = await agentFile(
      home,
      "writer.md",
      "---\nname: writer\ndescription: Writes docs.\n---\nYou write.\n",
    );
    const { definitions } = await loadAgentDefinitions(project, home);
    const { engine } = scriptedEngine({ turns: [] });
    const controller = controllerFor(
      { engine, agents: () => definitions, dispose: async () => {} },
      project,
    );
    controller.submit("/agents");
    const shown = notices(controller.store.get()).at(-1);
    expect(shown?.tone).not.toBe("error");
    const lines = shown?.text.split("\n") ?? [];
    expect(lines[0]).toBe("Built-in agents:");
    for (const builtIn of BUILT_IN_AGENTS) {
      expect(lines.some((line) => line.startsWith(`  ${builtIn.name}`))).toBe(true);
    }
    const projectAt = lines.indexOf("Project agents (.claude/agents):");
    const userAt = lines.indexOf("User agents (keel's agents folder, ~/.claude/agents):");
    expect(projectAt).toBeGreaterThan(0);
    expect(userAt).toBeGreaterThan(projectAt);
    expect(lines[projectAt + 1]).toBe(`  reviewer [haiku]  Reviews diffs. ${reviewer}`);
    expect(lines[userAt + 1]).toBe(`  writer  Writes docs. ${writer}`);
    expect(lines.at(-1)).toContain(".claude/agents/<name>.md");
  });

  it("shortens a long description to its first line, within one row", () => {
    const text = agentsText([
      {
        name: "long",
        description: `${"x".repeat(150)}\nsecond line`,
        prompt: "p",
        source: { kind: "sdk" },
      },
    ]);
    expect(text).toContain("Agents from the Agent SDK's agents option:");
    expect(text).toContain(`  long  ${"x".repeat(99)}…`);
    expect(text).not.toContain("second line");
  });

  it("says so where the session has no agent list", () => {
    const { engine } = scriptedEngine({ turns: [] });
    const controller = controllerFor({ engine, dispose: async () => {} }, project);
    controller.submit("/agents");
    expect(notices(controller.store.get()).at(-1)).toEqual({
      text: "/agents is not available in this session.",
      tone: "error",
    });
  });
});
