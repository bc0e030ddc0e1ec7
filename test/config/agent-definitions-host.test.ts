import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../src/config/agent-definition.js";
import { loadAgentDefinitions } from "../../src/config/agent-definitions.js";
import { parseAgentFile } from "../../src/config/agent-file.js";

let project: string;
let home: string;

beforeEach(async () => {
  project = await mkdtemp(join(tmpdir(), "keel-host-agents-project-"));
  home = await mkdtemp(join(tmpdir(), "keel-host-agents-home-"));
});

afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const sdkReviewer: AgentDefinition = {
  name: "reviewer",
  description: "The SDK's reviewer.",
  prompt: "You are the SDK's reviewer.",
  source: { kind: "sdk" },
};

describe("agents a host defines (the Agent SDK's agents)", () => {
  it("come first and override a project agent and a built-in agent of the same name", async () => {
    const dir = join(project, ".claude", "agents");
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, "reviewer.md"),
      "---\nname: reviewer\ndescription: The file's reviewer.\n---\nYou are the file's reviewer.\n",
    );
    await writeFile(
      join(dir, "other.md"),
      "---\nname: other\ndescription: Another.\n---\nYou are another.\n",
    );
    const sdkGeneral: AgentDefinition = { ...sdkReviewer, name: "general-purpose" };
    const { definitions, warnings } = await loadAgentDefinitions(project, home, [
      sdkReviewer,
      sdkGeneral,
    ]);
    expect(warnings).toEqual([]);
    expect(definitions.map((d) => [d.name, d.source.kind])).toEqual([
      ["reviewer", "sdk"],
      ["general-purpose", "sdk"],
      ["other", "project"],
      ["statusline-setup", "built-in"],
      ["Explore", "built-in"],
      ["Plan", "built-in"],
    ]);
  });
});

describe("agent files: disallowedTools and maxTurns", () => {
  it("reads disallowedTools (a list or comma-separated) and maxTurns", () => {
    const text =
      "---\nname: careful\ndescription: Careful.\ndisallowedTools: Bash, Write\nmaxTurns: 5\n---\nBe careful.\n";
    expect(parseAgentFile(text, "/p/careful.md", "project")).toEqual({
      ok: true,
      definition: {
        name: "careful",
        description: "Careful.",
        disallowedTools: ["Bash", "Write"],
        maxTurns: 5,
        prompt: "Be careful.",
        source: { kind: "project", path: "/p/careful.md" },
      },
    });
    const listed = "---\nname: c\ndescription: d\ndisallowedTools: [Bash]\n---\nBody.\n";
    const parsed = parseAgentFile(listed, "/p/c.md", "user");
    expect(parsed.ok && parsed.definition.disallowedTools).toEqual(["Bash"]);
  });

  it("loads an agent whose maxTurns or disallowedTools is bad, without that field", () => {
    const text =
      '---\nname: c\ndescription: d\ntools: Read\nmaxTurns: "5"\ndisallowedTools: 7\n---\nBody.\n';
    expect(parseAgentFile(text, "/p/c.md", "project")).toEqual({
      ok: true,
      ignored: [
        "disallowedTools: must be tool names: a list, or comma-separated",
        "maxTurns: must be a number",
      ],
      definition: {
        name: "c",
        description: "d",
        tools: ["Read"],
        prompt: "Body.",
        source: { kind: "project", path: "/p/c.md" },
      },
    });
    const zero = parseAgentFile(
      "---\nname: c\ndescription: d\nmaxTurns: 0\n---\nB.\n",
      "/p",
      "user",
    );
    expect(zero.ok && zero.ignored).toEqual(["maxTurns: must be positive"]);
  });

  it("warns about the ignored field where skipped files are reported, and loads the agent", async () => {
    const dir = join(project, ".claude", "agents");
    await mkdir(dir, { recursive: true });
    const path = join(dir, "slow.md");
    await writeFile(path, "---\nname: slow\ndescription: Slow.\nmaxTurns: 2.5\n---\nTake time.\n");
    const { definitions, warnings } = await loadAgentDefinitions(project, home);
    expect(definitions.find((d) => d.name === "slow")).toMatchObject({ prompt: "Take time." });
    expect(definitions.find((d) => d.name === "slow")?.maxTurns).toBeUndefined();
    expect(warnings).toEqual([{ path, problem: "maxTurns: must be a whole number", loaded: true }]);
  });
});
