import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { expectHookInput, useHookProject, writeRecordingHook } from "./hook-project.js";

const TEST_SERVER = fileURLToPath(new URL("../fixtures/mcp/test-server.mjs", import.meta.url));
const project = useHookProject("keel-hook-expansion-", [join(".claude", "commands")]);

beforeEach(async () => {
  await writeFile(
    join(project.dir, ".claude", "commands", "greet.md"),
    "Say hello to $ARGUMENTS.\n",
  );
});

/** A UserPromptExpansion hook that saves its stdin, then runs `then` (an exit, say). */
async function expansionHook(then: string, matcher = "greet"): Promise<void> {
  const { dir } = project;
  const script = await writeRecordingHook(dir, { file: join(dir, "expansion.json"), after: then });
  const hooks = {
    UserPromptExpansion: [{ matcher, hooks: [{ type: "command", command: script }] }],
  };
  const mcpServers = { t: { command: process.execPath, args: [TEST_SERVER] } };
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks, mcpServers }));
}

async function keel(prompt: string) {
  const server = await scriptedServer({ turns: [{ content: "Hello, Bob." }] });
  const run = await runKeel(["-p", prompt, "--output-format", "stream-json", "--verbose"], {
    cwd: project.dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
  });
  return { run, server, lines: jsonLines(run.stdout) };
}

describe("UserPromptExpansion", () => {
  it("fires once a typed /command is expanded, field by field; the expansion is sent", async () => {
    await expansionHook("exit 0");
    const { run, server, lines } = await keel("/greet Bob");
    expect(run.code).toBe(0);
    const sessionId = only(lines, "result").session_id;
    const input = JSON.parse(await readFile(join(project.dir, "expansion.json"), "utf8"));
    expectHookInput(input, {
      event: "UserPromptExpansion",
      sessionId,
      cwd: project.dir,
      mode: "default",
      fields: ["expansion_type", "command_name", "command_args", "command_source", "prompt"],
    });
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
    await expect(readFile(join(project.dir, "expansion.json"), "utf8")).rejects.toThrow();
  });

  it("fires for an MCP prompt with its fetched text (expansion_type mcp_prompt); exit 2 stops it", async () => {
    await expansionHook("exit 0", "mcp__t__greet");
    const sent = await keel("/mcp__t__greet Bob");
    expect(sent.run.code).toBe(0);
    const input = JSON.parse(await readFile(join(project.dir, "expansion.json"), "utf8"));
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
