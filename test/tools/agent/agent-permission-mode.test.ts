import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import { createSubagentRunner } from "../../../src/session/subagent-runner.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import { agentPermissionMode } from "../../../src/tools/builtin/agent/permission-mode.js";
import { createWriteTool } from "../../../src/tools/builtin/write/write-tool.js";
import type { CanUseTool } from "../../../src/tools/context.js";
import { runLoop } from "../../loop/harness.js";
import { engineFor, type Machine, makeMachine } from "../../policy/fixture.js";
import { toolUse } from "./helpers.js";

let m: Machine;
beforeEach(async () => {
  m = await makeMachine();
});
afterEach(async () => {
  await m.cleanup();
});

const editor = (source: AgentDefinition["source"]): AgentDefinition => ({
  name: "editor",
  description: "Edits files.",
  permissionMode: "acceptEdits",
  prompt: "Edit what you are told to.",
  source,
});

/** A headless session in default mode judged by the real permission engine: asks are denials. */
async function run(definition: AgentDefinition, projectTrusted: boolean) {
  const engine = engineFor(m, {});
  const canUseTool: CanUseTool = async (tool, input, context) => {
    const decision = await engine.decide(tool, input, context);
    return decision.behavior === "allow"
      ? decision
      : { behavior: "deny", message: decision.message };
  };
  const config = { cwd: m.project, sessionDir: m.stateDir, stateDir: m.stateDir, env: {} };
  return runLoop(
    {
      turnMode: "count",
      turns: [
        {
          content: [
            toolUse("Agent", {
              description: "Edit",
              prompt: "Add new.txt.",
              subagent_type: "editor",
              run_in_background: false,
            }),
          ],
        },
        { content: [toolUse("Write", { file_path: join(m.project, "new.txt"), content: "x\n" })] },
        { content: "done" },
        { content: "ok" },
      ],
    },
    {
      tools: [createAgentTool([definition], { projectTrusted }), createWriteTool(config)],
      canUseTool,
      toolUseOptions: (deps) => ({
        cwd: m.project,
        agentDefinitions: [definition],
        runSubagent: createSubagentRunner({
          queryDeps: deps,
          userContext: {},
          maxOutputTokens: () => 4_000,
          newAgentId: () => "agent-1",
          now: () => 0,
        }),
      }),
    },
  );
}

describe("an agent's permissionMode", () => {
  it("runs the agent's tools in its mode: a trusted project agent in acceptEdits writes without asking", async () => {
    const result = await run(
      editor({ kind: "project", path: "/p/.claude/agents/editor.md" }),
      true,
    );
    expect(result.violations).toEqual([]);
    expect(existsSync(join(m.project, "new.txt"))).toBe(true);
  });

  it("a project agent from an untrusted folder may not widen the session's mode: its write is refused", async () => {
    const result = await run(
      editor({ kind: "project", path: "/p/.claude/agents/editor.md" }),
      false,
    );
    expect(result.violations).toEqual([]);
    expect(existsSync(join(m.project, "new.txt"))).toBe(false);
  });

  it("a user agent widens the mode whatever the project's trust", async () => {
    await run(editor({ kind: "user", path: "/h/.claude/agents/editor.md" }), false);
    expect(existsSync(join(m.project, "new.txt"))).toBe(true);
  });

  it("follows Claude Code's rule: acceptEdits, auto and bypassPermissions sessions keep their mode; an untrusted project may narrow", () => {
    const project = { kind: "project" as const, path: "/p/a.md" };
    const plan = { permissionMode: "plan" as const, source: project };
    expect(agentPermissionMode("acceptEdits", plan, true)).toBe("acceptEdits");
    expect(agentPermissionMode("bypassPermissions", plan, true)).toBe("bypassPermissions");
    expect(agentPermissionMode("default", plan, false)).toBe("plan");
    expect(agentPermissionMode("plan", { ...plan, permissionMode: "dontAsk" }, false)).toBe(
      "dontAsk",
    );
    expect(
      agentPermissionMode("default", { ...plan, permissionMode: "bypassPermissions" }, false),
    ).toBe("default");
    expect(
      agentPermissionMode("default", { ...plan, permissionMode: "bypassPermissions" }, true),
    ).toBe("bypassPermissions");
    expect(agentPermissionMode("default", { source: project }, true)).toBe("default");
  });
});
