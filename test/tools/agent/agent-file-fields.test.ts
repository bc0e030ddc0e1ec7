import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import { parseAgentFile } from "../../../src/config/agent-file.js";
import { sdkAgentsSchema } from "../../../src/config/agent-sdk-definitions.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import { requestSystem, runWithAgent, toolUse } from "./helpers.js";

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), "keel-agent-fields-"));
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

const FULL = `---
name: keeper
description: Keeps notes.
permissionMode: acceptEdits
effort: high
background: true
isolation: worktree
color: purple
initialPrompt: Start with the notes.
memory: project
skills: [notes, review]
maxTurns: 7
disallowedTools: Bash
---
You keep notes.
`;

describe("agent file fields", () => {
  it("reads every field 2.1.332 reads, and says which ones keel keeps without acting on", () => {
    const parsed = parseAgentFile(FULL, "/p/.claude/agents/keeper.md", "project");
    // Every field this file sets takes effect, so none is reported as having none.
    expect(parsed.ok && parsed.ignored).toBeUndefined();
    expect(parsed).toMatchObject({
      ok: true,
      definition: {
        permissionMode: "acceptEdits",
        effort: "high",
        background: true,
        isolation: "worktree",
        color: "purple",
        initialPrompt: "Start with the notes.",
        memory: "project",
        skills: ["notes", "review"],
        maxTurns: 7,
        disallowedTools: ["Bash"],
      },
    });
  });

  it("leaves a bad field out with its problem named, and the agent loads", () => {
    const bad = FULL.replace("effort: high", "effort: 3").replace(
      "memory: project",
      "memory: team",
    );
    const parsed = parseAgentFile(bad, "/p/a.md", "project");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.definition.effort).toBeUndefined();
    expect(parsed.definition.memory).toBeUndefined();
    expect(parsed.ignored).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^effort: must be one of low, medium, high, xhigh, max/),
        "memory: must be user, project or local",
      ]),
    );
  });

  it("the SDK's agents take the same fields; a bad one is an error naming agent and field", () => {
    const good = sdkAgentsSchema.parse({
      keeper: { description: "d", prompt: "p", effort: "low", background: true, memory: "user" },
    });
    expect(good.definitions[0]).toMatchObject({ effort: "low", background: true, memory: "user" });
    const bad = sdkAgentsSchema.safeParse({ keeper: { description: "d", prompt: "p", effort: 3 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["keeper", "effort"]);
  });

  it("loads a description with <example> blocks as Claude Code's agent generator writes it", () => {
    const description =
      'Use this agent when code was just written. Examples: <example>Context: The user wrote a function. user: "Please review it" assistant: "I will use the code-reviewer agent" <commentary>Code was written, so review it.</commentary></example>';
    const parsed = parseAgentFile(
      `---\nname: code-reviewer\ndescription: ${description}\ntools: Read\n---\nReview code.\n`,
      "/p/.claude/agents/code-reviewer.md",
      "project",
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.definition.description).toBe(description);
    expect(createAgentTool([parsed.definition]).description).toContain(
      `- code-reviewer: ${description} (Tools: Read)`,
    );
  });

  it("memory: the agent's MEMORY.md and folder are in its system prompt", async () => {
    const folder = join(cwd, ".claude", "agent-memory", "keeper");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "MEMORY.md"), "- The build needs Node 20.\n");
    const keeper: AgentDefinition = {
      name: "keeper",
      description: "Keeps notes.",
      memory: "project",
      prompt: "You keep notes.",
      source: { kind: "project", path: join(cwd, ".claude/agents/keeper.md") },
    };
    const run = await runWithAgent(
      [
        {
          content: [
            toolUse("Agent", {
              description: "Notes",
              prompt: "Go.",
              subagent_type: "keeper",
              run_in_background: false,
            }),
          ],
        },
        { content: "noted" },
        { content: "ok" },
      ],
      { cwd, definitions: [keeper] },
    );
    const system = requestSystem(run.requests[1]!);
    expect(system).toContain(`Your own memory folder is ${folder}`);
    expect(system).toContain("- The build needs Node 20.");
    expect(requestSystem(run.requests[0]!)).not.toContain("Node 20");
  });
});
