import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILT_IN_AGENTS } from "../../../src/config/built-in-agents.js";
import { EXPLORE_AGENT, PLAN_AGENT } from "../../../src/config/read-only-built-in-agents.js";
import { STATUSLINE_SETUP_AGENT } from "../../../src/config/statusline-setup-agent.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import { createEditTool } from "../../../src/tools/builtin/edit/edit-tool.js";
import { createReadTool } from "../../../src/tools/builtin/read/read-tool.js";
import { createWriteTool } from "../../../src/tools/builtin/write/write-tool.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { makeToolUseContext } from "../../helpers/tool-context.js";
import { scriptedSubagentRunner, toolUse } from "./helpers.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-built-in-agents-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function scripted(turns: unknown[]) {
  return scriptedSubagentRunner(turns, "built-in", 50);
}

/** A parent context with the real file tools, all allowed, in the temp project. */
function fileToolsParent() {
  const config = { cwd: dir, sessionDir: join(dir, ".session"), stateDir: dir, env: {} };
  const tools = [
    createAgentTool(BUILT_IN_AGENTS),
    createReadTool(config),
    createWriteTool(config),
    createEditTool(config),
  ] as AnyTool[];
  return makeToolUseContext({ tools, cwd: dir });
}

type Body = {
  tools?: Array<{ name: string }>;
  model?: string;
  messages: Array<{ content: unknown }>;
};

describe("keel's built-in agents", () => {
  it("are general-purpose, statusline-setup, Explore and Plan, as Claude Code lists them", () => {
    expect(BUILT_IN_AGENTS.map((d) => d.name)).toEqual([
      "general-purpose",
      "statusline-setup",
      "Explore",
      "Plan",
    ]);
    const { description } = createAgentTool(BUILT_IN_AGENTS);
    expect(description).toContain(
      "- Explore: A fast, read-only agent for exploring a codebase: finding files by pattern, searching code for keywords, answering questions about how the code works. " +
        'Say how thorough it should be: "quick", "medium" or "very thorough". ' +
        "(Tools: all tools except Agent, ExitPlanMode, Edit, Write, NotebookEdit)",
    );
    expect(description).toContain("- statusline-setup: ");
    expect(description).toContain("(Tools: Read, Edit)");
  });

  it("Explore runs on the session's model without write tools, and its Write call is refused", async () => {
    const { provider, runner } = scripted([
      { content: [toolUse("Write", { file_path: join(dir, "made.txt"), content: "x" })] },
      { content: "I could not write." },
    ]);
    const result = await runner({
      definition: EXPLORE_AGENT,
      prompt: "Write made.txt.",
      parentContext: fileToolsParent(),
      toolUseId: "t",
      signal: new AbortController().signal,
    });
    const [first, second] = provider.requests.map((r) => r.body as Body);
    expect((first?.tools ?? []).map((t) => t.name)).toEqual(["Read"]);
    expect(first?.model).toBe("claude-test");
    expect(JSON.stringify(second?.messages.at(-1)?.content)).toContain('"is_error":true');
    expect(await readdir(dir)).toEqual([]);
    expect(result).toMatchObject({ isError: false });
  });

  it("Plan is read-only too, and statusline-setup gets only Read and Edit", async () => {
    for (const [definition, names] of [
      [PLAN_AGENT, ["Read"]],
      [STATUSLINE_SETUP_AGENT, ["Read", "Edit"]],
    ] as const) {
      const { provider, runner } = scripted([{ content: "done" }]);
      await runner({
        definition,
        prompt: "Go.",
        parentContext: fileToolsParent(),
        toolUseId: "t",
        signal: new AbortController().signal,
      });
      const body = provider.requests[0]?.body as Body;
      expect((body.tools ?? []).map((t) => t.name)).toEqual(names);
    }
  });
});
