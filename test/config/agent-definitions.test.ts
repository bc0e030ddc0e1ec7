import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadAgentDefinitions } from "../../src/config/agent-definitions.js";
import { BUILT_IN_AGENTS } from "../../src/config/built-in-agents.js";

const BUILT_IN_NAMES = BUILT_IN_AGENTS.map((d) => d.name);

let project: string;
let home: string;

beforeEach(async () => {
  project = await mkdtemp(join(tmpdir(), "keel-agents-project-"));
  home = await mkdtemp(join(tmpdir(), "keel-agents-home-"));
});

afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function agentFile(root: string, file: string, text: string): Promise<string> {
  const dir = join(root, ".claude", "agents");
  await mkdir(dir, { recursive: true });
  const path = join(dir, file);
  await writeFile(path, text);
  return path;
}

const agent = (fields: string, body = "You review code.") => `---\n${fields}\n---\n\n${body}\n`;

describe("loadAgentDefinitions", () => {
  it("has only the built-in agents when there are no agent folders", async () => {
    expect(await loadAgentDefinitions(project, home)).toEqual({
      definitions: [...BUILT_IN_AGENTS],
      warnings: [],
    });
  });

  it("reads name, description, model, color and the body as the system prompt", async () => {
    const path = await agentFile(
      project,
      "reviewer.md",
      agent(
        "name: reviewer\ndescription: Reviews diffs.\nmodel: haiku\ncolor: blue",
        "Be strict.\n\nBe brief.",
      ),
    );
    const { definitions, warnings } = await loadAgentDefinitions(project, home);
    expect(warnings).toEqual([]);
    expect(definitions[0]).toEqual({
      name: "reviewer",
      description: "Reviews diffs.",
      model: "haiku",
      color: "blue",
      prompt: "Be strict.\n\nBe brief.",
      source: { kind: "project", path },
    });
  });

  it("takes tools as a comma-separated string or a YAML list; * or no tools field means all", async () => {
    await agentFile(project, "a.md", agent("name: a\ndescription: A.\ntools: Read, Grep ,Glob"));
    await agentFile(project, "b.md", agent("name: b\ndescription: B.\ntools:\n  - Read\n  - Bash"));
    await agentFile(project, "c.md", agent('name: c\ndescription: C.\ntools: "*"'));
    await agentFile(project, "d.md", agent("name: d\ndescription: D."));
    await agentFile(project, "e.md", agent("name: e\ndescription: E.\ntools: []"));
    const { definitions, warnings } = await loadAgentDefinitions(project, home);
    expect(warnings).toEqual([]);
    const tools = Object.fromEntries(definitions.map((d) => [d.name, d.tools]));
    expect(tools).toEqual({
      a: ["Read", "Grep", "Glob"],
      b: ["Read", "Bash"],
      c: undefined,
      d: undefined,
      e: [],
      "general-purpose": undefined,
      "statusline-setup": ["Read", "Edit"],
      Explore: undefined,
      Plan: undefined,
    });
  });

  it("reads files with CRLF line endings and a byte-order mark", async () => {
    await agentFile(
      project,
      "win.md",
      "\uFEFF---\r\nname: win\r\ndescription: >-\r\n  Folded\r\n  text.\r\n---\r\nPrompt line.\r\n",
    );
    const { definitions, warnings } = await loadAgentDefinitions(project, home);
    expect(warnings).toEqual([]);
    expect(definitions[0]).toMatchObject({
      name: "win",
      description: "Folded text.",
      prompt: "Prompt line.",
    });
  });

  it("skips broken files with a warning naming the file and the problem, keeping the rest", async () => {
    const noFrontmatter = await agentFile(project, "plain.md", "Just a prompt.\n");
    const badYaml = await agentFile(project, "yaml.md", agent("name: x\n- description: x"));
    const noName = await agentFile(project, "noname.md", agent("description: Nameless."));
    const badName = await agentFile(
      project,
      "badname.md",
      agent("name: has space\ndescription: x"),
    );
    const badTools = await agentFile(
      project,
      "tools.md",
      agent("name: t\ndescription: T.\ntools: 3"),
    );
    const noBody = await agentFile(
      project,
      "nobody.md",
      "---\nname: nobody\ndescription: x\n---\n",
    );
    const list = await agentFile(project, "list.md", agent("- name: x"));
    await agentFile(project, "good.md", agent("name: good\ndescription: Works."));
    await agentFile(project, "notes.txt", "not an agent");
    const { definitions, warnings } = await loadAgentDefinitions(project, home);
    expect(definitions.map((d) => d.name)).toEqual(["good", ...BUILT_IN_NAMES]);
    const problems = Object.fromEntries(warnings.map((w) => [w.path, w.problem]));
    expect(Object.keys(problems).sort()).toEqual(
      [noFrontmatter, badYaml, noName, badName, badTools, noBody, list].sort(),
    );
    expect(problems[noFrontmatter]).toMatch(/--- frontmatter/);
    expect(problems[badYaml]).toMatch(/not valid YAML/);
    expect(problems[noName]).toMatch(/^name: /);
    expect(problems[badName]).toMatch(/^name: use letters/);
    expect(problems[badTools]).toMatch(/^tools: /);
    expect(problems[noBody]).toMatch(/body .* is empty/);
    expect(problems[list]).toMatch(/mapping/);
  });

  it("lets project agents override user agents, and both override built-ins, by name", async () => {
    const projectShared = await agentFile(
      project,
      "shared.md",
      agent("name: shared\ndescription: P."),
    );
    await agentFile(home, "shared.md", agent("name: shared\ndescription: U."));
    const userOnly = await agentFile(home, "mine.md", agent("name: mine\ndescription: Mine."));
    const ownGeneral = await agentFile(
      project,
      "general.md",
      agent("name: general-purpose\ndescription: Ours.", "Our own general agent."),
    );
    const { definitions, warnings } = await loadAgentDefinitions(project, home);
    expect(warnings).toEqual([]);
    expect(definitions.map((d) => [d.name, d.source])).toEqual([
      ["general-purpose", { kind: "project", path: ownGeneral }],
      ["shared", { kind: "project", path: projectShared }],
      ["mine", { kind: "user", path: userOnly }],
      ["statusline-setup", { kind: "built-in" }],
      ["Explore", { kind: "built-in" }],
      ["Plan", { kind: "built-in" }],
    ]);
  });

  it("keeps the first of two files in one folder that define the same name, and warns", async () => {
    await agentFile(project, "a.md", agent("name: twin\ndescription: First."));
    const second = await agentFile(project, "b.md", agent("name: twin\ndescription: Second."));
    const { definitions, warnings } = await loadAgentDefinitions(project, home);
    expect(definitions.find((d) => d.name === "twin")?.description).toBe("First.");
    expect(warnings).toEqual([
      { path: second, problem: expect.stringMatching(/already defines "twin"/) },
    ]);
  });

  it("reads the agents folder once when the project is the home folder", async () => {
    const broken = await agentFile(home, "broken.md", "no frontmatter\n");
    await agentFile(home, "mine.md", agent("name: mine\ndescription: Mine."));
    const { definitions, warnings } = await loadAgentDefinitions(home, home);
    expect(definitions.map((d) => d.name)).toEqual(["mine", ...BUILT_IN_NAMES]);
    expect(warnings.map((w) => w.path)).toEqual([broken]);
  });
});
