import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseCommandFile } from "../../src/cli/repl/commands/command-file.js";
import { loadAgentDefinitions } from "../../src/config/agent-definitions.js";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let project: string;
let home: string;

beforeEach(async () => {
  project = await realpath(await mkdtemp(join(tmpdir(), "keel-frontmatter-")));
  home = await mkdtemp(join(tmpdir(), "keel-frontmatter-home-"));
});

afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(project, path)), { recursive: true });
  await writeFile(join(project, path), text);
}

const info = { name: "build", scope: "project", file: "/p/.claude/commands/build.md" };

describe("frontmatter as Claude Code reads it", () => {
  it("argument-hint: [path-to-plan] is a YAML list, shown as written", () => {
    const parsed = parseCommandFile(info, "---\nargument-hint: [path-to-plan]\n---\nBuild $1");
    expect(parsed).toMatchObject({ ok: true, command: { argumentHint: "[path-to-plan]" } });
  });

  it("a value YAML refuses is taken as text; the other fields keep their types", () => {
    const parsed = parseCommandFile(
      info,
      "---\ndescription: Plan with a team\nargument-hint: [user prompt] [orchestration prompt]\nallowed-tools: [Read, Bash]\n---\nPlan $ARGUMENTS",
    );
    expect(parsed).toMatchObject({
      ok: true,
      command: {
        description: "Plan with a team",
        argumentHint: "[user prompt] [orchestration prompt]",
        allowedTools: ["Read", "Bash"],
      },
    });
  });

  it("frontmatter that is broken beyond a line's value is still refused, naming the file", () => {
    const parsed = parseCommandFile(info, "---\ndescription: [unclosed\n  - x: [\n---\nBody");
    expect(parsed).toMatchObject({ ok: false });
  });

  it("reads agents in subfolders, with <example> descriptions as Claude Code's generator writes", async () => {
    await put(
      ".claude/agents/team/builder.md",
      '---\nname: builder\ndescription: Use this agent to build. <example>Context: a plan exists. user: "build it" assistant: "I will use the builder agent"</example>\nmodel: sonnet\nmaxTurns: 5\n---\nYou build.\n',
    );
    const { definitions, warnings } = await loadAgentDefinitions(project, home);
    expect(warnings).toEqual([]);
    const builder = definitions.find((d) => d.name === "builder");
    expect(builder?.description).toContain('user: "build it"');
    expect(builder?.maxTurns).toBe(5);
  });

  it("keel -p lists an agent of a subfolder in its init message", async () => {
    await put(
      ".claude/agents/cl/codebase-analyzer.md",
      "---\nname: codebase-analyzer\ndescription: Analyzes code\n---\nYou analyze.\n",
    );
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const run = await runKeel(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
      cwd: project,
      env: anthropicEnv(server),
    });
    expect(run.code).toBe(0);
    const init = only(jsonLines(run.stdout), "system") as { agents?: string[] };
    expect(init.agents).toContain("codebase-analyzer");
  });
});
