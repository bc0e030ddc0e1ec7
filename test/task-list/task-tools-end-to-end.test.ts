import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-task-tools-"));
  await mkdir(join(dir, "work", ".claude"), { recursive: true });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const call = (name: string, input: Record<string, unknown>) => ({
  content: [{ type: "tool_use", name, input }],
});

/** Hooks that refuse a task whose subject says "forbidden", and the completion of task 1. */
async function writeHooks(): Promise<void> {
  const refuse = (field: string, word: string) => ({
    type: "command",
    command: `grep -q '"${field}":"${word}' && { echo "not allowed" >&2; exit 2; }; exit 0`,
  });
  await writeFile(
    join(dir, "work", ".claude", "settings.json"),
    JSON.stringify({
      hooks: {
        TaskCreated: [{ hooks: [refuse("task_subject", "forbidden")] }],
        TaskCompleted: [{ hooks: [refuse("task_id", '1"')] }],
      },
    }),
  );
}

describe("the shared task list's tools through keel -p", () => {
  it("create, link, list, complete; hooks refuse a task and a completion; another session shares the list", async () => {
    await writeHooks();
    const server = await scriptedServer({
      turns: [
        call("TaskCreate", { subject: "Build", description: "Build it" }),
        call("TaskCreate", { subject: "Test", description: "Test it" }),
        call("TaskCreate", { subject: "forbidden work", description: "no" }),
        call("TaskUpdate", { taskId: "2", addBlockedBy: ["1"] }),
        call("TaskUpdate", { taskId: "1", status: "completed" }),
        call("TaskUpdate", { taskId: "2", status: "in_progress", owner: "qa" }),
        call("TaskList", {}),
        { content: "Done." },
      ],
    });
    const env = {
      ...anthropicEnv(server),
      HOME: join(dir, "home"),
      KEEL_CONFIG_DIR: join(dir, "state"),
      CLAUDE_CODE_ENABLE_TASKS: "1",
      CLAUDE_CODE_TASK_LIST_ID: "sprint 1",
    };
    const run = await runKeel(["-p", "plan the work"], { cwd: join(dir, "work"), env });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    const results = server.requests.slice(1).map((request) => {
      const body = request.body as { messages: Array<{ content: unknown }> };
      return JSON.stringify(body.messages.at(-1)?.content);
    });
    expect(results[0]).toContain("Task #1 created successfully: Build");
    expect(results[2]).toContain("A TaskCreated hook refused the task");
    expect(results[4]).toContain("A TaskCompleted hook kept task #1 open");
    expect(results[5]).toContain("Updated task #2 owner, status");
    expect(results[6]).toContain("#1 [pending] Build");
    expect(results[6]).toContain("#2 [in_progress] Test (qa) [blocked by #1]");

    const list = join(dir, "state", "task-lists", "sprint-1");
    expect((await readdir(list)).filter((name) => name.endsWith(".json")).sort()).toEqual([
      "1.json",
      "2.json",
    ]);
    expect(await readFile(join(list, ".highwatermark"), "utf8")).toBe("3");
    expect(JSON.parse(await readFile(join(list, "1.json"), "utf8")).blocks).toEqual(["2"]);

    const other = await scriptedServer({ turns: [call("TaskList", {}), { content: "Seen." }] });
    await runKeel(["-p", "what is left?"], {
      cwd: join(dir, "work"),
      env: { ...env, ...anthropicEnv(other) },
    });
    expect(JSON.stringify(other.requests[1]?.body)).toContain("#2 [in_progress] Test (qa)");
  });

  it("are not offered unless the task list is turned on", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hi." }] });
    await runKeel(["-p", "hi"], { cwd: join(dir, "work"), env: anthropicEnv(server) });
    const [request] = server.requests;
    if (!request) throw new Error("keel sent no request");
    const tools = (request.body as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(tools).not.toContain("TaskCreate");
    expect(tools).toContain("TodoWrite");
  });
});
