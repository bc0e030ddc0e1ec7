import { describe, expect, it } from "vitest";
import {
  type AskPerson,
  createInteractiveCanUseTool,
  type PermissionAnswer,
  type PermissionQuestion,
  REJECTED_MESSAGE,
} from "../../../src/cli/repl/interactive-permissions.js";
import type { AssistantMessage } from "../../../src/protocol/messages.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { makeToolUseContext } from "../../helpers/tool-context.js";
import { engineFor, TOOLS, useMachine } from "../../policy/fixture.js";
import { replHarness } from "./repl-harness.js";

const machine = useMachine();

const bash = TOOLS.Bash as AnyTool;

/** A person who gives the scripted answers in turn and remembers the questions. */
function person(answers: PermissionAnswer[]): { ask: AskPerson; questions: PermissionQuestion[] } {
  const questions: PermissionQuestion[] = [];
  return {
    questions,
    ask: async (question) => {
      questions.push(question);
      const answer = answers.shift();
      if (!answer) throw new Error("asked more often than the test expected");
      return answer;
    },
  };
}

function call(canUseTool: ReturnType<typeof createInteractiveCanUseTool>, command: string) {
  const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
  return canUseTool(bash, { command }, context, {} as AssistantMessage, "toolu_1");
}

describe("permissions asked of the person in the REPL", () => {
  it("asks with the call's summary and narrow rule, and allows once", async () => {
    const p = person([{ kind: "allow-once" }, { kind: "allow-once" }]);
    const canUseTool = createInteractiveCanUseTool(
      engineFor(machine(), {}),
      p.ask,
      machine().project,
    );
    expect(await call(canUseTool, "npm run build")).toEqual({ behavior: "allow" });
    expect(p.questions[0]).toMatchObject({
      toolName: "Bash",
      summary: "Bash(npm run build)",
      rules: ["Bash(npm run build:*)"],
    });
    await call(canUseTool, "npm run build");
    expect(p.questions).toHaveLength(2);
  });

  it("stops asking for calls the 'always allow' rule covers", async () => {
    const p = person([{ kind: "always-allow", rules: ["Bash(npm run build:*)"] }]);
    const canUseTool = createInteractiveCanUseTool(
      engineFor(machine(), {}),
      p.ask,
      machine().project,
    );
    await call(canUseTool, "npm run build");
    expect(await call(canUseTool, "npm run build -- --prod")).toEqual({ behavior: "allow" });
    expect(p.questions).toHaveLength(1);
  });

  it("lets the model go on after a denial with feedback, and ends the turn after a plain one", async () => {
    const p = person([
      { kind: "deny", feedback: "use yarn instead" },
      { kind: "deny", feedback: "  " },
    ]);
    const canUseTool = createInteractiveCanUseTool(
      engineFor(machine(), {}),
      p.ask,
      machine().project,
    );
    const withFeedback = await call(canUseTool, "npm run build");
    expect(withFeedback).toMatchObject({ behavior: "deny" });
    expect(withFeedback).not.toHaveProperty("interrupt");
    if (withFeedback.behavior === "deny")
      expect(withFeedback.message).toContain("use yarn instead");
    expect(await call(canUseTool, "npm run build")).toEqual({
      behavior: "deny",
      message: REJECTED_MESSAGE,
      interrupt: true,
    });
  });

  it("never asks about what the rules decide", async () => {
    const p = person([]);
    const engine = engineFor(machine(), {
      project: { deny: ["Bash(rm:*)"], allow: ["Bash(make:*)"] },
    });
    const canUseTool = createInteractiveCanUseTool(engine, p.ask, machine().project);
    expect((await call(canUseTool, "rm -rf build")).behavior).toBe("deny");
    expect((await call(canUseTool, "make all")).behavior).toBe("allow");
    expect(p.questions).toEqual([]);
  });

  it("withdraws a question on screen when the turn is interrupted, as a plain denial", async () => {
    const { controller } = replHarness({ turns: [{ content: "hello" }] });
    const turn = new AbortController();
    const question = { toolName: "Bash", summary: "Bash(ls)", message: "?", rules: [] };
    const answer = controller.ask(question, turn.signal);
    expect(controller.store.get().questions).toHaveLength(1);
    turn.abort();
    expect(await answer).toEqual({ kind: "deny", feedback: "" });
    expect(controller.store.get().questions).toEqual([]);
  });
});
