import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import {
  expectHookInput,
  readJsonLines,
  useHookProject,
  writeRecordingHook,
} from "./hook-project.js";

const project = useHookProject("keel-hook-elicit-");

const SERVER = fileURLToPath(new URL("../fixtures/mcp/elicit-server.mjs", import.meta.url));
const MCP_CONFIG = JSON.stringify({
  mcpServers: { asker: { command: process.execPath, args: [SERVER] } },
});
const TOOL = "mcp__asker__ask_name";

/** The model calls the asking tool, then ends the turn. */
const scenario = {
  turns: [{ content: [{ type: "tool_use", name: TOOL, input: {} }] }, { content: "done" }],
};

/** What the server said it got back: the tool result in the second request. */
function toolResult(server: { requests: Array<{ body: unknown }> }): string {
  return JSON.stringify(server.requests[1]?.body);
}

async function keelP(hooks: Record<string, unknown>) {
  const { dir } = project;
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
  const server = await scriptedServer(scenario);
  const run = await runKeel(["-p", "ask me", "--mcp-config", MCP_CONFIG, "--allowedTools", TOOL], {
    cwd: dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
  });
  expect(run.code).toBe(0);
  expect(server.violations).toEqual([]);
  return { server, run };
}

describe("Elicitation and ElicitationResult: an MCP server's request for input", () => {
  it("an Elicitation hook (matcher: the server's name) answers for the person; ElicitationResult sees the answer", async () => {
    const { dir } = project;
    const log = join(dir, "elicit.jsonl");
    const accept = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "Elicitation",
        action: "accept",
        content: { name: "Ada" },
      },
    });
    const answer = await writeRecordingHook(dir, {
      file: log,
      append: true,
      name: "answer.sh",
      after: `printf '%s' '${accept}'`,
    });
    const record = await writeRecordingHook(dir, { file: log, append: true });
    const { server } = await keelP({
      Elicitation: [
        { matcher: "other", hooks: [{ type: "command", command: "exit 2" }] },
        { matcher: "asker", hooks: [{ type: "command", command: answer }] },
      ],
      ElicitationResult: [{ matcher: "asker", hooks: [{ type: "command", command: record }] }],
    });
    expect(toolResult(server)).toContain(
      'answer: {\\"action\\":\\"accept\\",\\"content\\":{\\"name\\":\\"Ada\\"}}',
    );
    const [asked, result, ...rest] = await readJsonLines(log);
    expect(rest).toEqual([]);
    expectHookInput(asked!, {
      event: "Elicitation",
      cwd: dir,
      fields: ["mcp_server_name", "message", "mode", "requested_schema"],
    });
    expect(asked).toMatchObject({
      mcp_server_name: "asker",
      message: "What is your name?",
      mode: "form",
      requested_schema: { type: "object", required: ["name"] },
    });
    expectHookInput(result!, {
      event: "ElicitationResult",
      cwd: dir,
      fields: ["mcp_server_name", "mode", "action", "content"],
    });
    expect(result).toMatchObject({ action: "accept", content: { name: "Ada" } });
  });

  it("in keel -p with no hook answering, the request is declined; an ElicitationResult hook may change the answer", async () => {
    const first = await keelP({});
    expect(toolResult(first.server)).toContain('answer: {\\"action\\":\\"decline\\"}');
    const cancel = JSON.stringify({
      hookSpecificOutput: { hookEventName: "ElicitationResult", action: "cancel" },
    });
    const second = await keelP({
      ElicitationResult: [{ hooks: [{ type: "command", command: `printf '%s' '${cancel}'` }] }],
    });
    expect(toolResult(second.server)).toContain('answer: {\\"action\\":\\"cancel\\"}');
  });
});
