import { writeFile } from "node:fs/promises";
import { join } from "node:path";
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

/** Where the calls run; rules kept for the project are remembered in `kept`. */
function place(kept: string[] = []) {
  return {
    cwd: machine().project,
    home: machine().home,
    keepRules: async (rules: readonly string[]) => {
      kept.push(...rules);
    },
  };
}

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

/** A call an always-allow rule of this session covers, with the reason the decision records. */
const ruleAllowed = (rule: string) => ({
  behavior: "allow",
  decisionReason: { type: "rule", reason: `Allowed by the rule "${rule}" (this session).` },
});

describe("permissions asked of the person in the REPL", () => {
  it("asks with the call's summary and narrow rule, and allows once", async () => {
    const p = person([{ kind: "allow-once" }, { kind: "allow-once" }]);
    const canUseTool = createInteractiveCanUseTool(engineFor(machine(), {}), p.ask, place());
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
    const p = person([
      { kind: "always-allow", rules: ["Bash(npm run build:*)"], scope: "session" },
    ]);
    const canUseTool = createInteractiveCanUseTool(engineFor(machine(), {}), p.ask, place());
    await call(canUseTool, "npm run build");
    expect(await call(canUseTool, "npm run build -- --prod")).toEqual(
      ruleAllowed("Bash(npm run build:*)"),
    );
    expect(p.questions).toHaveLength(1);
  });

  it("lets the model go on after a denial with feedback, and ends the turn after a plain one", async () => {
    const p = person([
      { kind: "deny", feedback: "use yarn instead" },
      { kind: "deny", feedback: "  " },
    ]);
    const canUseTool = createInteractiveCanUseTool(engineFor(machine(), {}), p.ask, place());
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

  it("keeps 'don't ask again for this project' rules through keepRules, session ones not", async () => {
    const kept: string[] = [];
    const p = person([
      { kind: "always-allow", rules: ["Bash(npm test:*)"], scope: "project" },
      { kind: "always-allow", rules: ["Bash(make:*)"], scope: "session" },
    ]);
    const canUseTool = createInteractiveCanUseTool(engineFor(machine(), {}), p.ask, place(kept));
    expect(await call(canUseTool, "npm test")).toEqual({ behavior: "allow" });
    expect(await call(canUseTool, "make all")).toEqual({ behavior: "allow" });
    expect(kept).toEqual(["Bash(npm test:*)"]);
    // Both hold for the rest of the session.
    expect(await call(canUseTool, "npm test -- --watch")).toEqual(ruleAllowed("Bash(npm test:*)"));
    expect(await call(canUseTool, "make clean")).toEqual(ruleAllowed("Bash(make:*)"));
    expect(p.questions).toHaveLength(2);
  });

  it("shows a Bash call's whole command, however long", async () => {
    const p = person([{ kind: "allow-once" }]);
    const canUseTool = createInteractiveCanUseTool(engineFor(machine(), {}), p.ask, place());
    const command = `npm run build -- ${"--flag ".repeat(30)}--last`;
    await call(canUseTool, command);
    expect(p.questions[0]?.preview).toEqual({ kind: "command", command });
  });

  it("shows an Edit as a numbered diff of the file on disk, and offers acceptEdits", async () => {
    const file = join(machine().project, "src", "calc.js");
    await writeFile(file, "one\ntwo\nthree\nfour\n");
    const p = person([{ kind: "allow-once" }]);
    const canUseTool = createInteractiveCanUseTool(engineFor(machine(), {}), p.ask, place());
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    const input = { file_path: file, old_string: "three", new_string: "THREE" };
    const edit = TOOLS.Edit as AnyTool;
    await canUseTool(edit, input, context, {} as AssistantMessage, "toolu_2");
    const question = p.questions[0];
    expect(question?.offersAcceptEdits).toBe(true);
    expect(question?.preview).toMatchObject({ kind: "file", action: "edit", path: "src/calc.js" });
    const lines = question?.preview?.kind === "file" ? question.preview.lines : [];
    expect(lines).toContainEqual({ kind: "removed", text: "-three", number: 3 });
    expect(lines).toContainEqual({ kind: "added", text: "+THREE", number: 3 });
    expect(lines).toContainEqual({ kind: "context", text: " two", number: 2 });
  });

  it("shows a Write of a new file as its numbered content", async () => {
    const p = person([{ kind: "allow-once" }]);
    const canUseTool = createInteractiveCanUseTool(engineFor(machine(), {}), p.ask, place());
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    const input = { file_path: join(machine().project, "notes.md"), content: "# Notes\n\nfirst\n" };
    await canUseTool(TOOLS.Write as AnyTool, input, context, {} as AssistantMessage, "toolu_3");
    expect(p.questions[0]?.preview).toEqual({
      kind: "file",
      action: "create",
      path: "notes.md",
      lines: [
        { kind: "context", text: "# Notes", number: 1 },
        { kind: "context", text: "", number: 2 },
        { kind: "context", text: "first", number: 3 },
      ],
    });
  });

  it("never asks about what the rules decide", async () => {
    const p = person([]);
    const engine = engineFor(machine(), {
      project: { deny: ["Bash(rm:*)"], allow: ["Bash(make:*)"] },
    });
    const canUseTool = createInteractiveCanUseTool(engine, p.ask, place());
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
