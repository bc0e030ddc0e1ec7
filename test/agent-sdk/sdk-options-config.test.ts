import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Options, SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sessionTranscriptPath } from "../../src/session/transcript/paths.js";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

/**
 * The Agent SDK's configuration options against keel (settings, setting sources, tool rules,
 * MCP servers and plugins sent in the initialize request, strict MCP config, the main agent,
 * thinking, a permission prompt tool): each program checks what the options change.
 */
const TEST_SERVER = fileURLToPath(new URL("../fixtures/mcp/test-server.mjs", import.meta.url));
const ELICIT_SERVER = fileURLToPath(new URL("../fixtures/mcp/elicit-server.mjs", import.meta.url));

const sandbox = useSdkSandbox(async ({ home, cwd }) => {
  // Read unless settingSources leaves the user's settings out: Bash denied.
  await mkdir(join(home, ".claude"), { recursive: true });
  await writeFile(
    join(home, ".claude", "settings.json"),
    JSON.stringify({ permissions: { deny: ["Bash"] } }),
  );
  // A user-level MCP server that strictMcpConfig leaves out (it fails to start when used).
  await writeFile(
    join(home, ".claude.json"),
    JSON.stringify({
      mcpServers: { userlevel: { command: process.execPath, args: ["-e", "process.exit(1)"] } },
    }),
  );
  const plugin = join(cwd, "plugins", "notes");
  await mkdir(join(plugin, ".claude-plugin"), { recursive: true });
  await writeFile(join(plugin, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "notes" }));
  await mkdir(join(plugin, "commands"), { recursive: true });
  await writeFile(join(plugin, "commands", "jot.md"), "Write down: $ARGUMENTS\n");
});

async function runWith(prompt: string, scenario: unknown, extra: Options) {
  const { query } = await loadAgentSdk();
  const server = await scriptedServer(scenario);
  const stderr: string[] = [];
  const options = keelOptions(sandbox(), server.url, { stderr: (d) => stderr.push(d), ...extra });
  const run = await collect(query({ prompt, options }));
  const bodies = server.requests
    .filter((r) => r.answer === "turn")
    .map((r) => r.body as Record<string, unknown>);
  return { ...run, bodies, stderr: stderr.join(""), violations: server.violations };
}

function initOf(messages: readonly SDKMessage[]) {
  const init = messages.find((m) => m.type === "system" && m.subtype === "init");
  if (init?.type !== "system" || init.subtype !== "init") throw new Error("no init");
  return init;
}

const bashAndGlob = {
  turns: [
    {
      content: [
        { type: "tool_use", name: "Bash", input: { command: "echo from-bash" } },
        { type: "tool_use", name: "Glob", input: { pattern: "*.md" } },
      ],
    },
    { content: "Done." },
  ],
};

describe("the Agent SDK's configuration options against keel", () => {
  it("settings, settingSources, allowedTools and thinking: what runs, what is denied, what is sent", async () => {
    const run = await runWith("go", bashAndGlob, {
      settings: { permissions: { deny: ["Glob"] } },
      settingSources: [],
      allowedTools: ["Bash(echo:*)"],
      thinking: { type: "adaptive" },
      model: "claude-sonnet-4-6",
    });
    expect(run.error).toBeUndefined();
    // settings: its deny rule stops Glob; settingSources []: the user file's Bash deny is unread;
    // allowedTools: the echo runs headless with no one to ask.
    expect(resultsOf(run.messages)[0]?.permission_denials.map((d) => d.tool_name)).toEqual([
      "Glob",
    ]);
    expect(JSON.stringify(run.bodies[1]?.messages)).toContain("from-bash");
    expect(run.bodies[0]?.thinking).toMatchObject({ type: "adaptive" });
    expect(run.violations).toEqual([]);
  });

  it("mcpServersDelivery 'initialize' with strictMcpConfig, and onElicitation: only the SDK's servers, from the initialize request; a server's question reaches the host", async () => {
    const elicited: string[] = [];
    const run = await runWith(
      "echo",
      {
        turns: [
          {
            content: [
              { type: "tool_use", name: "mcp__probe__echo", input: { message: "via init" } },
              { type: "tool_use", name: "mcp__asker__ask_name", input: {} },
            ],
          },
          { content: "Echoed." },
        ],
      },
      {
        mcpServersDelivery: "initialize",
        mcpServers: {
          probe: { command: process.execPath, args: [TEST_SERVER] },
          asker: { command: process.execPath, args: [ELICIT_SERVER] },
        },
        strictMcpConfig: true,
        allowedTools: ["mcp__probe__echo", "mcp__asker__ask_name"],
        onElicitation: async (request) => {
          elicited.push(`${request.serverName}: ${request.message}`);
          return { action: "accept", content: { name: "Ada" } };
        },
      },
    );
    expect(run.error).toBeUndefined();
    expect(initOf(run.messages).mcp_servers).toEqual([
      { name: "probe", status: "connected" },
      { name: "asker", status: "connected" },
    ]);
    const results = JSON.stringify(run.bodies[1]?.messages);
    expect(results).toContain("echo: via init");
    expect(elicited).toEqual(["asker: What is your name?"]);
    expect(results).toContain(
      'answer: {\\"action\\":\\"accept\\",\\"content\\":{\\"name\\":\\"Ada\\"}}',
    );
  });

  it("pluginDelivery 'initialize' and agent: the plugin loads, the agent's prompt leads, user MCP servers stay", async () => {
    const plugin = join(sandbox().cwd, "plugins", "notes");
    const run = await runWith(
      "hi",
      { turns: [{ content: "Reviewed." }] },
      {
        pluginDelivery: "initialize",
        plugins: [{ type: "local", path: plugin }],
        agent: "reviewer",
        agents: { reviewer: { description: "Reviews code", prompt: "You review code tersely." } },
      },
    );
    expect(run.error).toBeUndefined();
    const init = initOf(run.messages);
    expect(init.plugins).toEqual([{ name: "notes", path: plugin }]);
    expect(init.slash_commands).toContain("notes:jot");
    // Without strictMcpConfig the user's own server is there (and fails to start).
    expect(init.mcp_servers.map((s) => s.name)).toContain("userlevel");
    expect(JSON.stringify(run.bodies[0]?.system)).toContain("You review code tersely.");
  });

  it("permissionPromptToolName: an SDK MCP tool answers the prompt, and the call runs", async () => {
    const { createSdkMcpServer, tool } = await loadAgentSdk();
    const asked: string[] = [];
    const gate = createSdkMcpServer({
      name: "gate",
      version: "1.0.0",
      tools: [
        tool(
          "approve",
          "Answers permission prompts",
          { tool_name: z.string(), input: z.record(z.string(), z.unknown()) },
          async (args) => {
            asked.push(args.tool_name);
            const answer = { behavior: "allow", updatedInput: args.input };
            return { content: [{ type: "text", text: JSON.stringify(answer) }] };
          },
        ),
      ],
    });
    const run = await runWith(
      "go",
      {
        turns: [
          {
            content: [
              { type: "tool_use", name: "Bash", input: { command: "touch approved && echo made" } },
            ],
          },
          { content: "Done." },
        ],
      },
      {
        mcpServers: { gate },
        permissionPromptToolName: "mcp__gate__approve",
        settingSources: [],
      },
    );
    expect(run.error).toBeUndefined();
    expect(asked).toEqual(["Bash"]);
    expect(existsSync(join(sandbox().cwd, "approved"))).toBe(true);
    // The transcript keeps who allowed the call, with its result.
    const box = sandbox();
    const sessionId = resultsOf(run.messages)[0]?.session_id ?? "";
    const transcript = sessionTranscriptPath(join(box.home, ".keel"), box.cwd, sessionId);
    const bashResult = (await readFile(transcript, "utf8"))
      .split("\n")
      .find((line) => line.includes('"tool_result"'));
    expect(JSON.parse(bashResult ?? "{}").allowReason).toEqual({
      type: "permissionPromptTool",
      reason: "mcp__gate__approve allowed it.",
    });
  });
});
