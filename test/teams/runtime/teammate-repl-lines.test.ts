import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GENERAL_PURPOSE_AGENT } from "../../../src/config/built-in-agents.js";
import { TaskListStore } from "../../../src/task-list/task-list-store.js";
import { TeamRuntime } from "../../../src/teams/runtime/team-runtime.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import { createTaskListTools } from "../../../src/tools/builtin/task-list/task-list-tools.js";
import { controllerFor, until } from "../../cli/repl/repl-harness.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { MemoryMailbox, MemoryRoster, PROTOCOL } from "./loop-harness.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-team-lines-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const use = (name: string, input: Record<string, unknown>) => ({ type: "tool_use", name, input });

describe("the REPL's team lines", () => {
  it("show each teammate under the prompt: name, status, its task in progress, tokens", async () => {
    const tasks = new TaskListStore(join(dir, "tasks"));
    await tasks.create({ subject: "Write the farewell", description: "bye.txt" });
    const runtime = new TeamRuntime({
      team: "session-11111111",
      sessionId: "11111111-2222-4333-8444-555555555555",
      cwd: dir,
      mailbox: new MemoryMailbox(),
      roster: new MemoryRoster(),
      protocol: PROTOCOL,
      paths: { teamFile: join(dir, "config.json"), taskList: join(dir, "tasks") },
      planFolder: join(dir, "plans"),
      tasks,
      leadMode: () => "default",
      deliver: () => {},
      teammatePollMs: 2,
      leadPollMs: 2,
      leadBusy: () => false,
      onError: () => {},
    });
    const { engine } = scriptedEngine(
      {
        turnMode: "count",
        turns: [
          { content: [use("Agent", { description: "Farewell", prompt: "Go.", name: "bob" })] },
          { content: "bob is on it." },
        ],
        agents: {
          bob: {
            turnMode: "count",
            turns: [
              {
                content: [use("TaskUpdate", { taskId: "1", owner: "bob", status: "in_progress" })],
                usage: { input_tokens: 12_000, output_tokens: 300 },
              },
              { content: "Working.", usage: { input_tokens: 12_400, output_tokens: 100 } },
            ],
          },
        },
      },
      {
        tools: [createAgentTool([GENERAL_PURPOSE_AGENT]), ...createTaskListTools(tasks)],
        spawnTeammate: runtime.spawn,
      },
    );
    const controller = controllerFor({ engine, team: runtime, dispose: async () => {} }, dir);
    await controller.submit("Get bob going.");
    const state = await until(
      controller,
      (s) => s.teammates[0] === "bob · idle · #1 Write the farewell · 24.8k tokens",
      "bob's idle line",
    );
    expect(state.teammates).toEqual(["bob · idle · #1 Write the farewell · 24.8k tokens"]);
    await runtime.dispose();
    const ended = await until(
      controller,
      (s) => s.teammates[0]?.includes("killed") === true,
      "end",
    );
    expect(ended.teammates).toEqual(["bob · killed · #1 Write the farewell · 24.8k tokens"]);
  });
});
