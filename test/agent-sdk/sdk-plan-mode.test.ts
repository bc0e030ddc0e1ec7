import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../src/config/paths.js";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

// Plan mode and AskUserQuestion through the official SDK: the host's canUseTool approves the
// plan (seeing it in the input) and answers questions in updatedInput, as with Claude Code.
const sandbox = useSdkSandbox();

function planFileOf(sessionId: string): string {
  const { home, cwd } = sandbox();
  return join(home, ".keel", "projects", sanitizeCwd(cwd), sessionId, "plans", "plan.md");
}

type Asked = { tool: string; input: Record<string, unknown> };

async function run(
  turns: unknown[],
  answer: (asked: Asked, count: number) => PermissionResult,
  sessionId = randomUUID(),
) {
  const { query } = await loadAgentSdk();
  const server = await scriptedServer({ turns } as Parameters<typeof scriptedServer>[0]);
  const asked: Asked[] = [];
  const result = await collect(
    query({
      prompt: "plan, then do it",
      options: keelOptions(sandbox(), server.url, {
        extraArgs: { "session-id": sessionId },
        canUseTool: async (tool, input) => {
          asked.push({ tool, input });
          return answer({ tool, input }, asked.length);
        },
      }),
    }),
  );
  return { ...result, asked, server };
}

describe("plan mode through the Agent SDK", () => {
  it("enters plan mode, writes the plan, is approved into acceptEdits and carries it out", async () => {
    const id = randomUUID();
    const plan = planFileOf(id);
    const target = join(sandbox().cwd, "done.txt");
    const { error, messages, asked } = await run(
      [
        { content: [{ type: "tool_use", name: "EnterPlanMode", input: {} }] },
        {
          content: [
            { type: "tool_use", name: "Write", input: { file_path: plan, content: "1. write" } },
          ],
        },
        // In plan mode, a write outside the plan file is refused.
        {
          content: [
            { type: "tool_use", name: "Write", input: { file_path: target, content: "early" } },
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
      () => ({
        behavior: "allow",
        updatedInput: {},
        updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
      }),
      id,
    );
    expect(error).toBeUndefined();
    // Only ExitPlanMode asked: the plan file and the acceptEdits write needed no one.
    expect(asked.map((a) => a.tool)).toEqual(["ExitPlanMode"]);
    expect(asked[0]?.input).toMatchObject({ plan: "1. write", planFilePath: plan });
    expect(await readFile(target, "utf8")).toBe("done");
    expect(resultsOf(messages)[0]).toMatchObject({ subtype: "success", result: "Finished." });
    const denials = resultsOf(messages)[0]?.permission_denials ?? [];
    expect(denials.map((d) => d.tool_name)).toEqual(["Write"]);
  });

  it("a rejection with feedback keeps plan mode; the revised plan is approved", async () => {
    const id = randomUUID();
    const plan = planFileOf(id);
    const { error, asked, server } = await run(
      [
        { content: [{ type: "tool_use", name: "EnterPlanMode", input: {} }] },
        {
          content: [{ type: "tool_use", name: "Write", input: { file_path: plan, content: "v1" } }],
        },
        { content: [{ type: "tool_use", name: "ExitPlanMode", input: {} }] },
        {
          content: [{ type: "tool_use", name: "Write", input: { file_path: plan, content: "v2" } }],
        },
        { content: [{ type: "tool_use", name: "ExitPlanMode", input: {} }] },
        { content: "Approved." },
      ],
      (_asked, count) =>
        count === 1
          ? { behavior: "deny", message: "Add a test step." }
          : { behavior: "allow", updatedInput: {} },
      id,
    );
    expect(error).toBeUndefined();
    expect(asked.map((a) => a.input.plan)).toEqual(["v1", "v2"]);
    expect(JSON.stringify(server.requests[3]?.body)).toContain("Add a test step.");
    expect(JSON.stringify(server.requests[5]?.body)).toContain("approved your plan");
  });
});

describe("AskUserQuestion through the Agent SDK", () => {
  it("the host's answers in updatedInput reach the model", async () => {
    const questions = [
      {
        question: "Which database should we use?",
        header: "Database",
        multiSelect: false,
        options: [
          { label: "Postgres", description: "Relational" },
          { label: "SQLite", description: "A file" },
        ],
      },
    ];
    const { error, asked, server } = await run(
      [
        { content: [{ type: "tool_use", name: "AskUserQuestion", input: { questions } }] },
        { content: "Using SQLite." },
      ],
      ({ input }) => ({
        behavior: "allow",
        updatedInput: { ...input, answers: { "Which database should we use?": "SQLite" } },
      }),
    );
    expect(error).toBeUndefined();
    expect(asked[0]).toMatchObject({ tool: "AskUserQuestion", input: { questions } });
    expect(JSON.stringify(server.requests[1]?.body)).toContain(
      '\\"Which database should we use?\\"=\\"SQLite\\"',
    );
  });
});
