import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeSettingsLayers } from "../../src/config/settings/merge.js";
import { createPermissionEngine } from "../../src/policy/engine.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { fakeTool, TOOLS, useMachine } from "../policy/fixture.js";

const machine = useMachine();

/** Write as the real tool judges a file outside the working folders: it asks. */
const write = fakeTool({
  name: "Write",
  check: (input) => ({
    behavior: "ask",
    message: `Write wants to write ${String(input.file_path)}`,
  }),
});

async function decide(
  memoryOn: boolean,
  tool: typeof write,
  input: Record<string, unknown>,
  deny: string[] = [],
) {
  const m = machine();
  const memoryDir = join(m.stateDir, "projects", "-p", "memory");
  await mkdir(join(memoryDir, ".git"), { recursive: true });
  await symlink(m.outside, join(memoryDir, "out")).catch(() => undefined);
  const settings = mergeSettingsLayers(
    [{ source: "userKeel", origin: "user settings", settings: { permissions: { deny } } }],
    { home: m.home, stateDir: m.stateDir, cwd: m.project },
  );
  const engine = createPermissionEngine({
    settings,
    cwd: m.project,
    stateDir: m.stateDir,
    home: m.home,
    env: { HOME: m.home, PATH: process.env.PATH },
    ...(memoryOn ? { memoryDir } : {}),
  });
  const context = makeToolUseContext({ cwd: m.project, mode: "default" });
  const at = (name: string) => join(memoryDir, name);
  return { decision: await engine.decide(tool, input, context), at };
}

describe("writes into the auto memory folder", () => {
  it("are allowed without asking only while auto memory is on", async () => {
    const m = machine();
    const path = join(m.stateDir, "projects", "-p", "memory", "a.md");
    expect((await decide(true, write, { file_path: path })).decision.behavior).toBe("allow");
    expect((await decide(false, write, { file_path: path })).decision.behavior).toBe("ask");
  });

  it("still ask through a symlink out, through .., into a .git inside, and for Bash", async () => {
    const mem = join(machine().stateDir, "projects", "-p", "memory");
    for (const file_path of [
      join(mem, "out", "planted.md"),
      join(mem, "..", "planted.md"),
      join(mem, ".git", "config"),
      join(machine().stateDir, "settings.json"),
    ]) {
      const { decision } = await decide(true, write, { file_path });
      expect([file_path, decision.behavior]).toEqual([file_path, "ask"]);
    }
    const bash = await decide(true, TOOLS.Bash ?? write, {
      command: `echo x > ${join(mem, "a.md")}`,
    });
    expect(bash.decision.behavior).toBe("ask");
  });

  it("yield to deny rules", async () => {
    const mem = join(machine().stateDir, "projects", "-p", "memory");
    const { decision } = await decide(true, write, { file_path: join(mem, "a.md") }, ["Write"]);
    expect(decision.behavior).toBe("deny");
  });
});
