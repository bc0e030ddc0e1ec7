import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withPlanForApproval } from "../../src/cli/plan-approval-input.js";
import { openInEditor } from "../../src/cli/repl/commands/editor.js";
import {
  type AskPerson,
  createInteractiveCanUseTool,
  type PermissionAnswer,
} from "../../src/cli/repl/interactive-permissions.js";
import { permissionChoices } from "../../src/cli/repl/permission-choices.js";
import { ReplController, type ReplSession } from "../../src/cli/repl/repl-controller.js";
import { mergeSettingsLayers } from "../../src/config/settings/merge.js";
import { createPermissionEngine } from "../../src/policy/engine.js";
import { createBuiltinTools } from "../../src/tools/builtin/index.js";
import { planFilePath, planFolder } from "../../src/tools/builtin/plan-mode/plan-file.js";
import type { AppState } from "../../src/tools/context.js";
import { until } from "../cli/repl/repl-harness.js";
import { useMachine } from "../policy/fixture.js";
import { scriptedEngine } from "../session/engine/helpers.js";

// Plan mode in the REPL, at the controller: the model enters plan mode, writes the plan, and
// the person answers ExitPlanMode's dialog; the real permission engine and tools run.
const machine = useMachine();

function repl(turns: unknown[], sessionName: string, editor?: string) {
  const m = machine();
  const sessionDir = join(m.stateDir, "projects", "p", sessionName);
  const config = { cwd: m.project, sessionDir, stateDir: m.stateDir, env: {} };
  const settings = mergeSettingsLayers([], { home: m.home, stateDir: m.stateDir, cwd: m.project });
  const permissions = createPermissionEngine({
    settings,
    cwd: m.project,
    stateDir: m.stateDir,
    planDir: planFolder(sessionDir),
    home: m.home,
    env: { HOME: m.home, PATH: process.env.PATH },
  });
  let state: AppState = { permissionMode: "default" };
  let controller: ReplController | undefined;
  const ask: AskPerson = (question, signal) => {
    if (!controller) throw new Error("no controller yet");
    return controller.ask(question, signal);
  };
  const place = { cwd: m.project, home: m.home, keepRules: async () => {} };
  const { engine, provider } = scriptedEngine(
    { turns },
    {
      cwd: m.project,
      tools: createBuiltinTools(config),
      canUseTool: withPlanForApproval(
        createInteractiveCanUseTool(permissions, ask, place),
        planFilePath(sessionDir),
      ),
      getAppState: () => state,
      setAppState: (update) => {
        state = update(state);
      },
    },
  );
  const session: ReplSession = {
    engine,
    ...(editor
      ? {
          editFile: (path: string) =>
            openInEditor(path, { env: { EDITOR: editor, PATH: process.env.PATH }, terminal: {} }),
        }
      : {}),
    permissionMode: () => state.permissionMode,
    setPermissionMode: (mode) => {
      state = { ...state, permissionMode: mode };
    },
    dispose: async () => {},
  };
  controller = new ReplController({
    cwd: m.project,
    model: "claude-sonnet-5",
    session,
    openSession: async () => session,
    recordPrompt: async () => {},
    now: () => 0,
  });
  return { controller, plan: planFilePath(sessionDir), m, provider };
}

async function answerNext(controller: ReplController, answer: PermissionAnswer) {
  const state = await until(controller, (s) => s.questions.length > 0, "the plan dialog");
  const question = state.questions[0]?.question;
  controller.answer(answer);
  await until(controller, (s) => s.questions[0]?.question !== question, "the dialog to close");
  return { question, mode: state.mode };
}

describe("plan mode in the REPL", () => {
  it("plan mode entered, plan written, approved with auto-accept edits and carried out", async () => {
    const m = machine();
    const target = join(m.project, "done.txt");
    const planPath = planFilePath(join(m.stateDir, "projects", "p", "s-approve"));
    const { controller } = repl(
      [
        { content: [{ type: "tool_use", name: "EnterPlanMode", input: {} }] },
        {
          content: [
            {
              type: "tool_use",
              name: "Write",
              input: { file_path: planPath, content: "1. write done.txt" },
            },
          ],
        },
        { content: [{ type: "tool_use", name: "ExitPlanMode", input: {} }] },
        {
          content: [
            { type: "tool_use", name: "Write", input: { file_path: target, content: "done" } },
          ],
        },
        { content: "Finished." },
      ],
      "s-approve",
    );
    controller.submit("plan it");
    const asked = await answerNext(controller, { kind: "accept-edits" });
    // The dialog showed the plan, with the plan's own choices; the status line showed plan mode.
    expect(asked.question).toMatchObject({
      toolName: "ExitPlanMode",
      message: "1. write done.txt",
    });
    expect(asked.mode).toBe("plan");
    await until(controller, (s) => !s.busy, "the turn to end");
    expect(await readFile(target, "utf8")).toBe("done");
    expect(controller.store.get().mode).toBe("acceptEdits");
    expect(controller.store.get().questions).toHaveLength(0);
  });

  it("rejected with feedback, the plan is revised; approved to ask, the mode is default", async () => {
    const m = machine();
    const planPath = planFilePath(join(m.stateDir, "projects", "p", "s-revise"));
    const write = (content: string) => ({
      content: [{ type: "tool_use", name: "Write", input: { file_path: planPath, content } }],
    });
    const exit = { content: [{ type: "tool_use", name: "ExitPlanMode", input: {} }] };
    const { controller, provider } = repl(
      [
        { content: [{ type: "tool_use", name: "EnterPlanMode", input: {} }] },
        write("v1"),
        exit,
        write("v2 with tests"),
        exit,
        { content: "Approved." },
      ],
      "s-revise",
    );
    controller.submit("plan it");
    const first = await answerNext(controller, { kind: "deny", feedback: "add tests" });
    expect(first.question?.message).toBe("v1");
    const second = await answerNext(controller, { kind: "allow-once" });
    expect(second.question?.message).toBe("v2 with tests");
    expect(second.mode).toBe("plan");
    await until(controller, (s) => !s.busy, "the turn to end");
    expect(controller.store.get().mode).toBe("default");
    expect(JSON.stringify(provider.requests.at(3))).toContain("add tests");
  });
});

describe("the plan in $EDITOR from the approval dialog", () => {
  it("Ctrl+G opens the plan file in the editor; the dialog and the approval carry the edit", async () => {
    const m = machine();
    const planPath = planFilePath(join(m.stateDir, "projects", "p", "s-edit"));
    // The "editor": a script that adds a step to the file it is given.
    const editor = join(m.home, "add-step.sh");
    await writeFile(editor, `#!/bin/sh\nprintf '2. and test it\\n' >> "$1"\n`, { mode: 0o755 });
    const { controller, provider } = repl(
      [
        { content: [{ type: "tool_use", name: "EnterPlanMode", input: {} }] },
        {
          content: [
            {
              type: "tool_use",
              name: "Write",
              input: { file_path: planPath, content: "1. write done.txt\n" },
            },
          ],
        },
        { content: [{ type: "tool_use", name: "ExitPlanMode", input: {} }] },
        { content: "Approved." },
      ],
      "s-edit",
      editor,
    );
    controller.submit("plan it");
    await until(controller, (s) => s.questions.length > 0, "the plan dialog");
    await controller.editPlan();
    const edited = "1. write done.txt\n2. and test it\n";
    expect(controller.store.get().questions[0]?.question.message).toBe(edited);
    controller.answer({ kind: "accept-edits" });
    await until(controller, (s) => !s.busy, "the turn to end");
    expect(await readFile(planPath, "utf8")).toBe(edited);
    const sent = JSON.stringify(provider.requests.at(-1));
    expect(sent).toContain(
      JSON.stringify(`The user edited the plan; this is the approved version:\n\n${edited}`).slice(
        1,
        -1,
      ),
    );
    expect(controller.store.get().mode).toBe("acceptEdits");
  });
});

describe("AskUserQuestion in the REPL", () => {
  it("each question is a dialog of its options; an option or a typed answer goes to the model", async () => {
    const option = (label: string) => ({ label, description: `${label} it is` });
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
    const { controller, provider } = repl(
      [
        { content: [{ type: "tool_use", name: "AskUserQuestion", input: { questions } }] },
        { content: "Noted." },
      ],
      "s-ask",
    );
    controller.submit("ask me");
    const first = await answerNext(controller, { kind: "answer", value: "SQLite" });
    expect(first.question).toMatchObject({
      toolName: "AskUserQuestion",
      summary: "DB: Which database?",
    });
    if (!first.question) throw new Error("no question");
    expect(permissionChoices(first.question).map((c) => c.label)).toEqual([
      "Postgres",
      "SQLite",
      "Other: type your answer (esc without text declines)",
    ]);
    await answerNext(controller, { kind: "deny", feedback: "8080" });
    await until(controller, (s) => !s.busy, "the turn to end");
    const sent = JSON.stringify(provider.requests.at(1));
    expect(sent).toContain('\\"Which database?\\"=\\"SQLite\\"');
    expect(sent).toContain('\\"Which port?\\"=\\"8080\\"');
  });
});
