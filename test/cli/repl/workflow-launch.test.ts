import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type AskPerson,
  createInteractiveCanUseTool,
  type PermissionAnswer,
  type PermissionQuestion,
  REJECTED_MESSAGE,
} from "../../../src/cli/repl/interactive-permissions.js";
import { permissionChoices } from "../../../src/cli/repl/permission-choices.js";
import type { AssistantMessage } from "../../../src/protocol/messages.js";
import { createWorkflowTool } from "../../../src/tools/builtin/workflow/workflow-tool.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { makeToolUseContext } from "../../helpers/tool-context.js";
import { engineFor, useMachine } from "../../policy/fixture.js";

const machine = useMachine();

const SCRIPT = `export const meta = { name: "review", description: "Reviews the changed files" };
return await agent("Review the diff");
`;

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

async function setUp(answers: PermissionAnswer[]) {
  const { project, home } = machine();
  await mkdir(join(project, ".claude", "workflows"), { recursive: true });
  await writeFile(join(project, ".claude", "workflows", "review.js"), SCRIPT);
  const tool = createWorkflowTool({
    launch: async () => ({ taskId: "w00000000", outputFile: "" }),
    sessionDir: join(home, "session"),
    roots: { cwd: project, home },
  }) as AnyTool;
  const p = person(answers);
  const canUseTool = createInteractiveCanUseTool(engineFor(machine(), {}), p.ask, {
    cwd: project,
    home,
    keepRules: async () => {},
  });
  const launch = (input: Record<string, unknown>) =>
    canUseTool(
      tool,
      input,
      makeToolUseContext({ cwd: project, mode: "default" }),
      {} as AssistantMessage,
      "toolu_1",
    );
  return { p, launch };
}

const answer = (value: string): PermissionAnswer => ({ kind: "answer", value });

describe("the REPL's question before a workflow launches", () => {
  it("offers run / always for this workflow / view script / no, and views the script on request", async () => {
    const { p, launch } = await setUp([answer("view"), answer("run")]);
    expect(await launch({ name: "review" })).toEqual({ behavior: "allow" });
    const [first, second] = p.questions;
    expect(first).toMatchObject({
      toolName: "Workflow",
      summary: 'Run the workflow "review"?',
      message: "Reviews the changed files",
    });
    expect(permissionChoices(first as PermissionQuestion).map((c) => c.label)).toEqual([
      "Yes, run it",
      "Yes, and don't ask again for review in .claude/workflows/review.js",
      "View raw script",
      "No (esc)",
    ]);
    // "View raw script" asks again, with the whole script shown.
    expect(second?.message).toContain('return await agent("Review the diff");');
  });

  it("stops asking for that workflow after 'always', and a plain No ends the turn", async () => {
    const { p, launch } = await setUp([answer("always"), { kind: "deny", feedback: "" }]);
    expect(await launch({ name: "review" })).toEqual({ behavior: "allow" });
    expect(await launch({ name: "review" })).toEqual({ behavior: "allow" });
    expect(p.questions).toHaveLength(1);
    const other = `export const meta = { name: "other", description: "Something else" };\nreturn 1;`;
    expect(await launch({ script: other })).toEqual({
      behavior: "deny",
      message: REJECTED_MESSAGE,
      interrupt: true,
    });
    expect(p.questions).toHaveLength(2);
  });
});
