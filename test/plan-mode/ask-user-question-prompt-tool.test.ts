import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

// AskUserQuestion in keel -p with --permission-prompt-tool: the MCP tool is the one who answers,
// and its answers reach the model as a person's would.
const SERVER = fileURLToPath(new URL("../fixtures/mcp/question-server.mjs", import.meta.url));
let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-question-tool-")));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const option = (label: string) => ({ label, description: `${label} it is` });

describe("AskUserQuestion through --permission-prompt-tool", () => {
  it("the MCP tool's answers in updatedInput reach the model", async () => {
    const questions = [
      {
        question: "Which database?",
        header: "DB",
        multiSelect: false,
        options: [option("Postgres"), option("SQLite")],
      },
      {
        question: "Which port?",
        header: "Port",
        multiSelect: false,
        options: [option("80"), option("443")],
      },
    ];
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "AskUserQuestion", input: { questions } }] },
        { content: "Noted." },
      ],
    });
    const config = JSON.stringify({
      mcpServers: { ask: { command: process.execPath, args: [SERVER] } },
    });
    const run = await runKeel(
      [
        "-p",
        "ask me",
        "--output-format",
        "stream-json",
        "--verbose",
        "--mcp-config",
        config,
      ].concat(["--permission-prompt-tool", "mcp__ask__answer"]),
      { cwd: dir, env: anthropicEnv(server) },
    );
    expect(run.code).toBe(0);
    expect(server.violations).toEqual([]);
    const sent = JSON.stringify(server.requests[1]?.body);
    expect(sent).toContain('\\"Which database?\\"=\\"SQLite\\"');
    expect(sent).toContain('\\"Which port?\\"=\\"443\\"');
    expect(only(jsonLines(run.stdout), "result")).toMatchObject({
      result: "Noted.",
      permission_denials: [],
    });
  });
});
