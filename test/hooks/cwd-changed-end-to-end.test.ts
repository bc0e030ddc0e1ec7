import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import {
  expectHookInput,
  readJsonLines,
  useHookProject,
  writeRecordingHook,
} from "./hook-project.js";

const project = useHookProject("keel-hook-cwd-", ["sub"]);

const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command, description: "run it" } }],
});

describe("CwdChanged", () => {
  it("fires when a Bash command leaves the shell in another folder, field by field; not when it stays", async () => {
    const { dir, stateDir } = project;
    const script = await writeRecordingHook(dir, { file: join(dir, "cwd.jsonl"), append: true });
    const hooks = { CwdChanged: [{ hooks: [{ type: "command", command: script }] }] };
    const permissions = { allow: ["Bash"] };
    await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks, permissions }));
    const server = await scriptedServer({
      turns: [bash("cd sub"), bash("pwd"), bash("cd .."), { content: "ok" }],
    });
    const run = await runKeel(["-p", "go", "--output-format", "stream-json", "--verbose"], {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
    });
    expect(run.code).toBe(0);
    const sessionId = only(jsonLines(run.stdout), "result").session_id;
    const inputs = await readJsonLines(join(dir, "cwd.jsonl"));
    expect(inputs.map((i) => [i.old_cwd, i.new_cwd])).toEqual([
      [dir, join(dir, "sub")],
      [join(dir, "sub"), dir],
    ]);
    for (const input of inputs) {
      expectHookInput(input, {
        event: "CwdChanged",
        sessionId,
        cwd: dir,
        mode: "default",
        fields: ["old_cwd", "new_cwd"],
      });
    }
    expect(server.violations).toEqual([]);
  });

  it("does not fire when CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR sends the shell back", async () => {
    const { dir, stateDir } = project;
    const script = await writeRecordingHook(dir, { file: join(dir, "cwd.jsonl"), append: true });
    const hooks = { CwdChanged: [{ hooks: [{ type: "command", command: script }] }] };
    const settings = {
      hooks,
      permissions: { allow: ["Bash"] },
      env: { CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR: "1" },
    };
    await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify(settings));
    const server = await scriptedServer({ turns: [bash("cd sub"), { content: "ok" }] });
    const run = await runKeel(["-p", "go"], {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
    });
    expect(run.code).toBe(0);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("Shell cwd was reset");
    await expect(readFile(join(dir, "cwd.jsonl"), "utf8")).rejects.toThrow();
  });
});
