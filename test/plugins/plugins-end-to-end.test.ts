import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScriptedServer } from "../../src/model/scripted/server.js";
import type { SdkMessage, SdkSystemInit } from "../../src/session/sdk-messages.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const MCP_SERVER = fileURLToPath(new URL("../fixtures/mcp/test-server.mjs", import.meta.url));

let dir: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

/** A plugin with one component of every kind, at the default places and a manifest path. */
async function writeDemoPlugin(): Promise<string> {
  await put(
    "demo/.claude-plugin/plugin.json",
    JSON.stringify({ name: "demo", version: "1.2.0", commands: ["./extra/special.md"] }),
  );
  await put(
    "demo/commands/hello.md",
    "---\ndescription: Says hello\n---\nSay hello to $ARGUMENTS.\n",
  );
  await put("demo/extra/special.md", "Do the special thing.\n");
  await put("demo/skills/greet/SKILL.md", "---\ndescription: Greets warmly\n---\nGreet warmly.\n");
  await put(
    "demo/agents/reviewer.md",
    "---\nname: reviewer\ndescription: Reviews a change\n---\nYou review changes.\n",
  );
  await put(
    "demo/output-styles/terse.md",
    "---\nname: terse\n---\nAnswer in as few words as possible.\n",
  );
  await put(
    "demo/hooks/hooks.json",
    JSON.stringify({
      hooks: {
        UserPromptSubmit: [
          {
            hooks: [
              {
                type: "command",
                // The path is given in the text; the variable is set in the hook's environment.
                command: `printf '%s' "$CLAUDE_PLUGIN_ROOT" > "\${CLAUDE_PLUGIN_ROOT}/ran.txt"`,
              },
            ],
          },
        ],
      },
    }),
  );
  await put(
    "demo/.mcp.json",
    JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [MCP_SERVER] } } }),
  );
  return join(dir, "demo");
}

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-plugins-")));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function messages(stdout: string): SdkMessage[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as SdkMessage);
}

function initOf(stdout: string): SdkSystemInit {
  const init = messages(stdout).find((m) => m.type === "system" && m.subtype === "init");
  if (!init) throw new Error(`no system/init in:\n${stdout}`);
  return init as SdkSystemInit;
}

async function keelWith(server: ScriptedServer, prompt: string, args: string[]) {
  const keel = await runKeel(
    ["-p", prompt, "--output-format", "stream-json", "--verbose", ...args],
    { cwd: dir, env: anthropicEnv(server) },
  );
  expect(server.violations).toEqual([]);
  return keel;
}

describe("plugins given with --plugin-dir", () => {
  it("bring commands, skills, agents, hooks, MCP servers and output styles, each taking effect", async () => {
    const root = await writeDemoPlugin();
    const tool = "mcp__plugin_demo_echo__echo";
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: tool, input: { message: "hi" } }] },
        { content: "Done." },
      ],
    });
    const keel = await keelWith(server, "/demo:hello world", [
      "--plugin-dir",
      root,
      "--allowedTools",
      tool,
      "--settings",
      JSON.stringify({ outputStyle: "demo:terse" }),
    ]);
    expect(keel.stderr).not.toContain("plugin");
    expect(keel.code).toBe(0);

    const init = initOf(keel.stdout);
    expect(init.plugins).toEqual([{ name: "demo", path: root, version: "1.2.0" }]);
    expect(init.plugin_errors).toBeUndefined();
    expect(init.slash_commands).toEqual(
      expect.arrayContaining(["demo:hello", "demo:special", "demo:greet"]),
    );
    expect(init.skills).toContain("demo:greet");
    expect(init.agents).toContain("demo:reviewer");
    expect(init.mcp_servers).toContainEqual({ name: "plugin:demo:echo", status: "connected" });
    expect(init.tools).toContain(tool);

    const first = JSON.stringify(server.requests[0]?.body);
    expect(first).toContain("Say hello to world.");
    expect(first).toContain("Answer in as few words as possible.");
    expect(JSON.stringify(server.requests[1]?.body)).toContain("echo: hi");
    expect(await readFile(join(root, "ran.txt"), "utf8")).toBe(root);
  });

  it("run a plugin's agent and skill when the model calls them", async () => {
    const root = await writeDemoPlugin();
    const agent = {
      description: "review",
      prompt: "Review the change",
      subagent_type: "demo:reviewer",
      run_in_background: false,
    };
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Agent", input: agent }] },
        { content: [{ type: "tool_use", name: "Skill", input: { skill: "demo:greet" } }] },
        { content: "Done." },
      ],
      agents: { "demo:reviewer": { turns: [{ content: "Looks fine." }] } },
    });
    const keel = await keelWith(server, "review and greet", [
      "--plugin-dir-no-mcp",
      root,
      "--allowedTools",
      "Agent,Skill",
    ]);
    expect(keel.code).toBe(0);
    const bodies = server.requests.map((request) => JSON.stringify(request.body));
    const [first, reviewer, afterAgent, afterSkill] = bodies;
    expect(bodies).toHaveLength(4);
    expect(first).not.toContain("You review changes.");
    expect(reviewer).toContain("You review changes.");
    expect(afterAgent).toContain("Looks fine.");
    expect(afterSkill).toContain("Greet warmly.");
  });

  it("report a broken plugin in plugin_errors and on stderr, and still load the others", async () => {
    const root = await writeDemoPlugin();
    await put("broken/.claude-plugin/plugin.json", "{ not json");
    await put(
      "escapes/.claude-plugin/plugin.json",
      JSON.stringify({ name: "escapes", agents: "../demo/agents" }),
    );
    const server = await scriptedServer({ turns: [{ content: "Done." }] });
    const keel = await keelWith(server, "hi", [
      "--plugin-dir-no-mcp",
      root,
      "--plugin-dir",
      join(dir, "broken"),
      "--plugin-dir",
      join(dir, "escapes"),
      "--plugin-dir",
      join(dir, "missing"),
    ]);
    expect(keel.code).toBe(0);
    const init = initOf(keel.stdout);
    expect(init.plugins.map((p) => p.name)).toEqual(["demo"]);
    // --plugin-dir-no-mcp: the plugin without its servers.
    expect(init.mcp_servers).toEqual([]);
    expect(init.plugin_errors).toEqual([
      expect.objectContaining({
        plugin: "inline[0]",
        type: "manifest-validation-error",
        path: join(dir, "broken"),
      }),
      expect.objectContaining({
        plugin: "inline[1]",
        type: "path-not-found",
        path: join(dir, "escapes"),
      }),
      expect.objectContaining({
        plugin: "inline[2]",
        type: "path-not-found",
        path: join(dir, "missing"),
      }),
    ]);
    expect(init.plugin_errors?.[1]?.message).toContain("outside the plugin's folder");
    expect(keel.stderr).toContain("plugin inline[0] not loaded:");
    expect(keel.stderr).toContain(join(dir, "broken", ".claude-plugin", "plugin.json"));
  });

  it("run no plugin hook under --bare or disableAllHooks", async () => {
    const root = await writeDemoPlugin();
    const server = await scriptedServer({ turns: [{ content: "Done." }, { content: "Done." }] });
    await keelWith(server, "hi", ["--plugin-dir-no-mcp", root, "--bare"]);
    await keelWith(server, "hi", [
      "--plugin-dir-no-mcp",
      root,
      "--settings",
      JSON.stringify({ disableAllHooks: true }),
    ]);
    await expect(readFile(join(root, "ran.txt"), "utf8")).rejects.toThrow(/ENOENT/);
  });
});
