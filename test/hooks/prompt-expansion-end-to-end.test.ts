import { chmod, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const TEST_SERVER = fileURLToPath(new URL("../fixtures/mcp/test-server.mjs", import.meta.url));
let dir: string;
let stateDir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-hook-expansion-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
  await mkdir(join(dir, ".claude", "commands"), { recursive: true });
  await writeFile(join(dir, ".claude", "commands", "greet.md"), "Say hello to $ARGUMENTS.\n");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

/** A UserPromptExpansion hook that saves its stdin, then runs `then` (an exit, say). */
async function expansionHook(then: string, matcher = "greet"): Promise<void> {
  const script = join(dir, "record.sh");
  await writeFile(script, `#!/bin/sh\ncat > "${dir}/expansion.json"\n${then}\n`);
  await chmod(script, 0o755);
  const hooks = {
    UserPromptExpansion: [{ matcher, hooks: [{ type: "command", command: script }] }],
  };
  const mcpServers = { t: { command: process.execPath, args: [TEST_SERVER] } };
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks, mcpServers }));
}

async function keel(prompt: string) {
  const server = await scriptedServer({ turns: [{ content: "Hello, Bob." }] });
  const run = await runKeel(["-p", prompt, "--output-format", "stream-json", "--verbose"], {
    cwd: dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
  });
  return { run, server, lines: jsonLines(run.stdout) };
}

describe("UserPromptExpansion", () => {
  it("fires once a typed /command is expanded, field by field; the expansion is sent", async () => {
    await expansionHook("exit 0");
    const { run, server, lines } = await keel("/greet Bob");
    expect(run.code).toBe(0);
    const sessionId = only(lines, "result").session_id;
    const input = JSON.parse(await readFile(join(dir, "expansion.json"), "utf8"));
    expect(Object.keys(input).sort()).toEqual(
      [
        "session_id",
        "transcript_path",
        "cwd",
        "permission_mode",
        "hook_event_name",
        "expansion_type",
        "command_name",
        "command_args",
        "command_source",
        "prompt",
      ].sort(),
    );
    expect(input.session_id).toBe(sessionId);
    expect(input.transcript_path).toMatch(new RegExp(`${sessionId}\\.jsonl$`));
    expect(input.cwd).toBe(dir);
    expect(input.permission_mode).toBe("default");
    expect(input.hook_event_name).toBe("UserPromptExpansion");
    expect(input.expansion_type).toBe("slash_command");
    expect(input.command_name).toBe("greet");
    expect(input.command_args).toBe("Bob");
    expect(input.command_source).toBe("project");
    expect(input.prompt).toContain("Say hello to Bob.");
    expect(JSON.stringify(server.requests[0]?.body)).toContain("Say hello to Bob.");
  });

  it("exit 2 stops the expansion: nothing is sent and the turn is an error with the hook's reason", async () => {
    await expansionHook('echo "no greetings today" >&2; exit 2');
    const { run, server, lines } = await keel("/greet Bob");
    expect(run.code).toBe(1);
    expect(server.requests).toHaveLength(0);
    expect(JSON.stringify(only(lines, "result"))).toContain("no greetings today");
  });

  it("does not fire for a prompt that is no command", async () => {
    await expansionHook("exit 0");
    const { run } = await keel("greet Bob");
    expect(run.code).toBe(0);
    await expect(readFile(join(dir, "expansion.json"), "utf8")).rejects.toThrow();
  });

  it("fires for an MCP prompt with its fetched text (expansion_type mcp_prompt); exit 2 stops it", async () => {
    await expansionHook("exit 0", "mcp__t__greet");
    const sent = await keel("/mcp__t__greet Bob");
    expect(sent.run.code).toBe(0);
    const input = JSON.parse(await readFile(join(dir, "expansion.json"), "utf8"));
    expect(input).toMatchObject({
      hook_event_name: "UserPromptExpansion",
      expansion_type: "mcp_prompt",
      command_name: "mcp__t__greet",
      command_args: "Bob",
      prompt: "Greet Bob (calm)",
    });
    expect(input.command_source).toBeUndefined();
    expect(JSON.stringify(sent.server.requests[0]?.body)).toContain("Greet Bob (calm)");
    await expansionHook('echo "not that prompt" >&2; exit 2', "mcp__t__greet");
    const stopped = await keel("/mcp__t__greet Bob");
    expect(stopped.run.code).toBe(1);
    expect(stopped.server.requests).toHaveLength(0);
    expect(JSON.stringify(only(stopped.lines, "result"))).toContain("not that prompt");
  });
});
