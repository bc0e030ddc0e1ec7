import { chmod, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let stateDir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-hook-cwd-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
  await mkdir(join(dir, ".claude"));
  await mkdir(join(dir, "sub"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command, description: "run it" } }],
});

describe("CwdChanged", () => {
  it("fires when a Bash command leaves the shell in another folder, field by field; not when it stays", async () => {
    const script = join(dir, "record.sh");
    await writeFile(script, `#!/bin/sh\ncat >> "${dir}/cwd.jsonl"\necho >> "${dir}/cwd.jsonl"\n`);
    await chmod(script, 0o755);
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
    const text = await readFile(join(dir, "cwd.jsonl"), "utf8");
    const inputs = text
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l));
    expect(inputs.map((i) => [i.old_cwd, i.new_cwd])).toEqual([
      [dir, join(dir, "sub")],
      [join(dir, "sub"), dir],
    ]);
    for (const input of inputs) {
      expect(Object.keys(input).sort()).toEqual(
        [
          "session_id",
          "transcript_path",
          "cwd",
          "permission_mode",
          "hook_event_name",
          "old_cwd",
          "new_cwd",
        ].sort(),
      );
      expect(input.session_id).toBe(sessionId);
      expect(input.transcript_path).toMatch(new RegExp(`${sessionId}\\.jsonl$`));
      expect(input.cwd).toBe(dir);
      expect(input.permission_mode).toBe("default");
      expect(input.hook_event_name).toBe("CwdChanged");
    }
    expect(server.violations).toEqual([]);
  });

  it("does not fire when CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR sends the shell back", async () => {
    const script = join(dir, "record.sh");
    await writeFile(script, `#!/bin/sh\ncat >> "${dir}/cwd.jsonl"\n`);
    await chmod(script, 0o755);
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
