import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dialogLayout } from "../../../src/cli/repl/dialog-layout.js";
import {
  type AskPerson,
  createInteractiveCanUseTool,
} from "../../../src/cli/repl/interactive-permissions.js";
import { permissionChoices } from "../../../src/cli/repl/permission-choices.js";
import { GENERAL_PURPOSE_AGENT } from "../../../src/config/built-in-agents.js";
import { TeamRuntime } from "../../../src/teams/runtime/team-runtime.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import { createWriteTool } from "../../../src/tools/builtin/write/write-tool.js";
import { replHarness, until } from "../../cli/repl/repl-harness.js";
import { engineFor, useMachine } from "../../policy/fixture.js";
import { MemoryMailbox, MemoryRoster, PROTOCOL } from "./loop-harness.js";

const machine = useMachine();
const START = { selected: 0, feedback: "", offset: 0 };

describe("a teammate's permission request in the REPL", () => {
  it("reaches the lead's dialog naming the teammate, and the person's allow lets the teammate's call run", async () => {
    const { project, home, stateDir } = machine();
    const target = join(project, "made-by-alice.txt");
    let askPerson: AskPerson = async () => ({ kind: "deny", feedback: "" });
    const canUseTool = createInteractiveCanUseTool(
      engineFor(machine(), {}),
      (question, signal) => askPerson(question, signal),
      { cwd: project, home, keepRules: async () => {} },
    );
    const runtime = new TeamRuntime({
      team: "session-11111111",
      sessionId: "11111111-2222-4333-8444-555555555555",
      cwd: project,
      mailbox: new MemoryMailbox(),
      roster: new MemoryRoster(),
      protocol: PROTOCOL,
      paths: { teamFile: join(stateDir, "config.json"), taskList: join(stateDir, "tasks") },
      planFolder: join(stateDir, "plans"),
      leadMode: () => "default",
      // The lead hears nothing here: the test is about the question, not the lead's mail.
      deliver: () => {},
      teammatePollMs: 2,
      leadPollMs: 2,
      leadBusy: () => false,
      onError: () => {},
    });
    const config = { cwd: project, sessionDir: join(stateDir, "session"), stateDir, env: {} };
    const { controller } = replHarness(
      {
        turnMode: "count",
        turns: [
          {
            content: [
              {
                type: "tool_use",
                name: "Agent",
                input: { description: "Write", prompt: "Write the file.", name: "alice" },
              },
            ],
          },
          { content: "alice is writing it." },
          { content: "Noted." },
          { content: "Noted." },
        ],
        agents: {
          alice: {
            turnMode: "count",
            turns: [
              {
                content: [
                  {
                    type: "tool_use",
                    name: "Write",
                    input: { file_path: target, content: "hi\n" },
                  },
                ],
              },
              { content: "Written." },
            ],
          },
        },
      },
      {
        cwd: project,
        tools: [createAgentTool([GENERAL_PURPOSE_AGENT]), createWriteTool(config)],
        canUseTool,
        spawnTeammate: runtime.spawn,
      },
    );
    askPerson = (question, signal) => controller.ask(question, signal);
    await controller.submit("Have alice write the file.");
    const state = await until(controller, (s) => s.questions.length > 0, "alice's question");
    const asked = state.questions[0]?.question;
    expect(asked).toMatchObject({ toolName: "Write", teammate: "alice" });
    if (asked) {
      const layout = dialogLayout(asked, permissionChoices(asked), START, {
        columns: 80,
        room: 30,
      });
      expect(layout.title).toBe("Teammate alice · Create file");
    }
    expect(existsSync(target)).toBe(false);
    controller.answer({ kind: "allow-once" });
    const signal = new AbortController().signal;
    await runtime.whenQuiet(signal);
    expect(existsSync(target)).toBe(true);
    await runtime.dispose();
  });
});
