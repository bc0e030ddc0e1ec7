import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkMessage, SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let stateDir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-policy-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
  await mkdir(join(dir, ".claude"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

async function settings(value: unknown): Promise<void> {
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify(value));
}

async function hookScript(name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

async function keel(scenario: unknown, args: string[] = []) {
  const server = await scriptedServer(scenario);
  const run = await runKeel(
    ["-p", "do it", "--output-format", "stream-json", "--verbose", ...args],
    {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
    },
  );
  return { run, server, lines: jsonLines(run.stdout) };
}

function toolResultTexts(lines: SdkMessage[]): string[] {
  return lines
    .filter((l): l is SdkUserMessage => l.type === "user")
    .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
    .flatMap((b) => (b.type === "tool_result" ? [JSON.stringify(b.content)] : []));
}

const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command, description: "run it" } }],
});

describe("settings, permission rules and hooks drive keel -p (validator on)", () => {
  it("applies the project's allow and deny rules to each part of a command", async () => {
    await settings({ permissions: { allow: ["Bash(echo:*)"], deny: ["Bash(rm:*)"] } });
    const { run, server, lines } = await keel({
      turns: [bash("echo allowed"), bash("echo hi && rm -rf build"), { content: "ok" }],
    });
    expect(run.code).toBe(0);
    const [allowed, denied] = toolResultTexts(lines);
    expect(allowed).toContain("allowed");
    expect(denied).toContain("denied");
    expect(only(lines, "result").permission_denials).toHaveLength(1);
    expect(server.violations).toEqual([]);
  });

  it("lets --allowedTools allow a command the settings do not", async () => {
    const { lines } = await keel({ turns: [bash("echo flagged"), { content: "ok" }] }, [
      "--allowedTools",
      "Bash(echo:*)",
    ]);
    expect(toolResultTexts(lines)[0]).toContain("flagged");
  });

  it("reads only the settings files --setting-sources names", async () => {
    await settings({ permissions: { allow: ["Bash(touch:*)"] } });
    const skipped = await keel({ turns: [bash("touch made.txt"), { content: "ok" }] }, [
      "--setting-sources",
      "user,local",
    ]);
    expect(toolResultTexts(skipped.lines)[0]).toContain("denied");
    const read = await keel({ turns: [bash("touch made.txt"), { content: "ok" }] }, [
      "--setting-sources",
      "project",
    ]);
    expect(toolResultTexts(read.lines)[0]).not.toContain("denied");
    expect(existsSync(join(dir, "made.txt"))).toBe(true);
    const bad = await keel({ turns: [{ content: "never" }] }, ["--setting-sources", "team"]);
    expect(bad.run.code).toBe(1);
    expect(bad.run.stderr).toContain("--setting-sources takes user, project, local");
  });

  it("runs a PreToolUse hook that blocks a call with exit 2, feeding its stderr to the model", async () => {
    const hook = await hookScript("guard.sh", 'cat > /dev/null; echo "no shell today" >&2; exit 2');
    await settings({
      permissions: { allow: ["Bash(echo:*)"] },
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }] },
    });
    const { run, lines } = await keel({ turns: [bash("echo hi"), { content: "ok" }] });
    expect(run.code).toBe(0);
    expect(toolResultTexts(lines)[0]).toContain("no shell today");
    expect(only(lines, "result").permission_denials).toMatchObject([{ tool_name: "Bash" }]);
  });

  it("adds a UserPromptSubmit hook's output to the request as context", async () => {
    const hook = await hookScript("context.sh", 'cat > /dev/null; echo "the release is on Friday"');
    await settings({
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: hook }] }] },
    });
    const { server } = await keel({ turns: [{ content: "noted" }] });
    expect(JSON.stringify(server.requests[0]?.body)).toContain("the release is on Friday");
  });

  it("refuses to run with a broken settings file, naming the file and the problem", async () => {
    await writeFile(join(dir, ".claude", "settings.json"), '{"permissions": {"deny": "Bash"}}');
    const { run, server } = await keel({ turns: [{ content: "never" }] });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(join(dir, ".claude", "settings.json"));
    expect(run.stderr).toContain("permissions.deny");
    expect(server.requests).toHaveLength(0);
  });
});
