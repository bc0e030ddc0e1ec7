import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeSettingsLayers } from "../../src/config/settings/merge.js";
import { createPermissionEngine } from "../../src/policy/engine.js";
import { createEditTool } from "../../src/tools/builtin/edit/edit-tool.js";
import { planFilePath, planFolder } from "../../src/tools/builtin/plan-mode/plan-file.js";
import { createWriteTool } from "../../src/tools/builtin/write/write-tool.js";
import type { PermissionMode } from "../../src/tools/context.js";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { useMachine } from "../policy/fixture.js";

// Plan mode's one write: the session's plans folder, by real path; nothing else.
const machine = useMachine();

function setup() {
  const m = machine();
  const sessionDir = join(m.stateDir, "projects", "p", "session-1");
  const settings = mergeSettingsLayers([], { home: m.home, stateDir: m.stateDir, cwd: m.project });
  const engine = createPermissionEngine({
    settings,
    cwd: m.project,
    stateDir: m.stateDir,
    planDir: planFolder(sessionDir),
    home: m.home,
    env: { HOME: m.home, PATH: process.env.PATH },
  });
  const config = { cwd: m.project, sessionDir, stateDir: m.stateDir, env: {} };
  const write = createWriteTool(config) as AnyTool;
  const edit = createEditTool(config) as AnyTool;
  const decide = async (tool: AnyTool, file: string, mode: PermissionMode = "plan") =>
    (
      await engine.decide(
        tool,
        tool === write
          ? { file_path: file, content: "x" }
          : { file_path: file, old_string: "a", new_string: "b" },
        makeToolUseContext({ cwd: m.project, mode }),
      )
    ).behavior;
  return { m, sessionDir, write, edit, decide };
}

describe("the plan file in plan mode", () => {
  it("Write and Edit of the plan file are allowed without asking, in plan mode and default", async () => {
    const { sessionDir, write, edit, decide } = setup();
    expect(await decide(write, planFilePath(sessionDir))).toBe("allow");
    expect(await decide(edit, planFilePath(sessionDir))).toBe("allow");
    expect(await decide(write, join(planFolder(sessionDir), "other.md"), "default")).toBe("allow");
  });

  it("a write anywhere else is still refused in plan mode", async () => {
    const { m, sessionDir, write, edit, decide } = setup();
    expect(await decide(write, join(m.project, "src/a.ts"))).toBe("deny");
    expect(await decide(edit, join(m.project, "src/a.ts"))).toBe("deny");
    expect(await decide(write, join(sessionDir, "not-plans.md"))).toBe("deny");
    const otherSession = join(m.stateDir, "projects", "p", "session-2", "plans", "plan.md");
    expect(await decide(write, otherSession)).toBe("deny");
  });

  it("a `..` path out of the plans folder is refused", async () => {
    const { sessionDir, write, decide } = setup();
    expect(await decide(write, `${planFolder(sessionDir)}/../escape.md`)).toBe("deny");
    expect(await decide(write, `${planFolder(sessionDir)}/../../../../../project/a.txt`)).toBe(
      "deny",
    );
    // Outside plan mode the same path is not granted either: it asks (keel's state folder).
    expect(await decide(write, `${planFolder(sessionDir)}/../escape.md`, "default")).toBe("ask");
  });

  it("a symlink inside the plans folder that leads out is refused", async () => {
    const { m, sessionDir, write, decide } = setup();
    await mkdir(planFolder(sessionDir), { recursive: true });
    await symlink(m.project, join(planFolder(sessionDir), "to-project"));
    await symlink(join(m.project, "a.txt"), join(planFolder(sessionDir), "a-link.md"));
    expect(await decide(write, join(planFolder(sessionDir), "to-project/src/a.ts"))).toBe("deny");
    expect(await decide(write, join(planFolder(sessionDir), "a-link.md"))).toBe("deny");
    expect(await decide(write, join(planFolder(sessionDir), "a-link.md"), "default")).toBe("ask");
  });

  it("a protected folder inside the plans folder stays protected", async () => {
    const { sessionDir, write, decide } = setup();
    expect(await decide(write, join(planFolder(sessionDir), ".git/config"))).toBe("deny");
  });
});
