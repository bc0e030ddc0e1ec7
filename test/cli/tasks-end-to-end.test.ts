import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shellTaskRecorder } from "../../src/tasks/shell-recorder.js";
import type { TaskMeta } from "../../src/tasks/task-meta.js";
import { TaskStore } from "../../src/tasks/task-store.js";
import { BackgroundShells } from "../../src/tools/background/background-shells.js";
import { type RunKeelOptions, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { waitFor } from "../tasks/helpers.js";
import { isAlive } from "../tools/bash/helpers.js";

// These run the built CLI: they need `keel ps|logs|kill|attach` and `--bg` dispatched in
// src/cli/main.ts, and print mode run through runAsTask (see src/cli/tasks/dispatch.ts).

let work: string;
let stateDir: string;
let store: TaskStore;
let shells: BackgroundShells;
const leftovers: number[] = [];

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), "keel-tasks-e2e-"));
  stateDir = await mkdtemp(join(tmpdir(), "keel-tasks-e2e-state-"));
  store = new TaskStore(join(stateDir, "tasks"));
  shells = new BackgroundShells({
    tasksDir: join(stateDir, "unused"),
    killGraceMs: 300,
    observer: shellTaskRecorder(store, { sessionId: "test-session" }),
  });
});

afterEach(async () => {
  await shells.dispose();
  for (const pid of leftovers.splice(0)) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, "SIGKILL"); // never leave a sleeper behind a failed test
      } catch {
        // Already gone.
      }
    }
  }
  await rm(work, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

/** keel run as another process, on this test's state folder. */
function keel(args: string[], options: RunKeelOptions = {}) {
  return runKeel(args, {
    cwd: work,
    ...options,
    env: { KEEL_CONFIG_DIR: stateDir, HOME: work, ...options.env },
  });
}

async function startShell(command: string): Promise<string> {
  const state = await shells.start({ command, shell: "bash", cwd: work, env: process.env });
  return state.id;
}

async function statusOf(id: string): Promise<TaskMeta["status"] | undefined> {
  return (await store.read(id))?.status;
}

/** The row of `keel ps` output for a task, as its columns. */
function row(stdout: string, id: string): string[] | undefined {
  return stdout
    .split("\n")
    .find((line) => line.startsWith(`${id} `))
    ?.split(/\s{2,}/);
}

describe("keel ps, logs and kill on background shells, from another process", () => {
  it("ps lists a finished and a running shell, newest first, with kind, status and description", async () => {
    const done = await startShell("echo hi");
    expect(await waitFor(async () => (await statusOf(done)) === "completed")).toBe(true);
    const running = await startShell("sleep 100");
    const run = await keel(["ps"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(/^ID\s+KIND\s+STATUS\s+AGE\s+DESCRIPTION$/);
    expect(row(run.stdout, running)).toEqual([
      running,
      "local_bash",
      "running",
      expect.stringMatching(/^\d+s$/),
      "sleep 100",
    ]);
    expect(row(run.stdout, done)?.slice(0, 3)).toEqual([done, "local_bash", "completed"]);
    expect(lines.findIndex((l) => l.startsWith(running))).toBeLessThan(
      lines.findIndex((l) => l.startsWith(done)),
    );
  });

  it("kill stops a running shell's whole group and it shows killed", async () => {
    const id = await startShell("sleep 100 & echo $! > child.pid; wait");
    expect(await waitFor(() => existsSync(join(work, "child.pid")))).toBe(true);
    const child = Number.parseInt(readFileSync(join(work, "child.pid"), "utf8"), 10);
    leftovers.push(child);
    const run = await keel(["kill", id]);
    expect(run).toMatchObject({ code: 0, stdout: `${id} killed\n` });
    expect(await waitFor(() => !isAlive(child))).toBe(true);
    expect(row((await keel(["ps"])).stdout, id)?.[2]).toBe("killed");
    expect((await keel(["kill", "bnothere"])).code).toBe(1);
  });

  it("logs -f prints the output as it grows and returns once the shell ends", async () => {
    const id = await startShell(
      "echo one; while [ ! -e go ]; do sleep 0.02; done; echo two; while [ ! -e end ]; do sleep 0.02; done; echo three",
    );
    let seen = "";
    const run = await keel(["logs", id, "-f"], {
      onStdout: (chunk) => {
        seen += chunk;
        if (seen === "one\n") writeFileSync(join(work, "go"), "");
        if (seen === "one\ntwo\n") writeFileSync(join(work, "end"), "");
      },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("one\ntwo\nthree\n");
    expect(await statusOf(id)).toBe("completed");
  });
});

/** A request's message as far as these tests look at it. */
interface ApiTurn {
  role: string;
  content: Array<{ type: string; text?: string }>;
}

const toolUse = (name: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  name,
  input,
});

const servers: Array<{ violations: unknown[] }> = [];

afterEach(() => {
  for (const server of servers.splice(0)) expect(server.violations).toEqual([]);
});

/** `keel --bg` against a scripted model; returns the task id it printed. */
async function startAgent(turns: unknown[]): Promise<string> {
  const server = await scriptedServer({ turns });
  servers.push(server);
  const run = await keel(["--bg", "look around", "--permission-mode", "bypassPermissions"], {
    env: anthropicEnv(server),
  });
  expect(run.code).toBe(0);
  const id = run.stdout.split("\n")[0]?.split(" ")[0] ?? "";
  const task = await store.read(id);
  if (task?.pid !== undefined) leftovers.push(task.pid);
  return id;
}

describe("keel --bg: a background agent", () => {
  it("prints its task id first, returns at once, and finishes on its own; logs shows its work", async () => {
    const id = await startAgent([
      {
        content: [{ type: "text", text: "Listing." }, toolUse("Bash", { command: "echo listed" })],
      },
      { content: "There is nothing here." },
    ]);
    expect(id).toMatch(/^a[0-9a-z]{8}$/);
    expect(await waitFor(async () => (await statusOf(id)) === "completed", 15_000)).toBe(true);
    const task = await store.read(id);
    expect(task).toMatchObject({ kind: "local_agent", prompt: "look around", exitCode: 0 });
    const logs = await keel(["logs", id]);
    expect(logs.stdout).toBe(
      "Listing.\n● Bash(echo listed)\nThere is nothing here.\n[done: success after 2 turn(s)]\n",
    );
    expect(row((await keel(["ps"])).stdout, id)?.slice(1, 3)).toEqual(["local_agent", "completed"]);
  });

  it("shows failed once its process is SIGKILLed from outside", async () => {
    const id = await startAgent([
      { content: [toolUse("Bash", { command: "echo $$ > shell.pid; sleep 100" })] },
      { content: "unreachable" },
    ]);
    expect(
      await waitFor(
        () =>
          existsSync(join(work, "shell.pid")) &&
          readFileSync(join(work, "shell.pid"), "utf8") !== "",
        15_000,
      ),
    ).toBe(true);
    leftovers.push(Number.parseInt(readFileSync(join(work, "shell.pid"), "utf8"), 10));
    const task = await store.read(id);
    expect(task?.status).toBe("running");
    process.kill(task?.pid ?? 0, "SIGKILL");
    expect(await waitFor(async () => (await statusOf(id)) === "failed")).toBe(true);
    expect(await store.read(id)).toMatchObject({ error: "process exited unexpectedly" });
    expect(row((await keel(["ps"])).stdout, id)?.[2]).toBe("failed");
  });

  it("kill stops it: keel ends its turn (and the shell it ran) and records killed", async () => {
    const id = await startAgent([
      { content: [toolUse("Bash", { command: "echo $$ > shell.pid; sleep 100" })] },
      { content: "unreachable" },
    ]);
    const pidFile = join(work, "shell.pid");
    const written = () => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "";
    expect(await waitFor(written, 15_000)).toBe(true);
    const shell = Number.parseInt(readFileSync(pidFile, "utf8"), 10);
    leftovers.push(shell);
    expect(await keel(["kill", id])).toMatchObject({ code: 0, stdout: `${id} killed\n` });
    expect(await store.read(id)).toMatchObject({ status: "killed" });
    expect(await waitFor(() => !isAlive(shell))).toBe(true);
  });

  it("attach follows it live until it ends", async () => {
    const id = await startAgent([
      { content: [toolUse("Bash", { command: "while [ ! -e go ]; do sleep 0.02; done" })] },
      { content: "Went." },
    ]);
    let seen = "";
    const run = await keel(["attach", id], {
      onStdout: (chunk) => {
        seen += chunk;
        if (seen.includes("● Bash(")) writeFileSync(join(work, "go"), "");
      },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("● Bash(while [ ! -e go ]; do sleep 0.02; done)\nWent.\n");
    expect(run.stderr).toContain(`${id} completed`);
  });
});

// This one also needs the session wiring: the shells' observer, the Agent launcher and the
// notifications source from createSessionTasks (see the wiring notes in the report).
describe("keel -p with background shells recorded as tasks", () => {
  it("ps in another terminal sees the running shell; its notice reaches the model after tool results", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            toolUse("Bash", {
              command: "while [ ! -e stop ]; do sleep 0.02; done; echo stopped",
              run_in_background: true,
            }),
          ],
        },
        { content: [toolUse("Bash", { command: "while [ ! -e stop ]; do sleep 0.02; done" })] },
        {
          content: [
            toolUse("Bash", {
              command:
                'until grep -qs \'"completed"\' "$KEEL_CONFIG_DIR"/tasks/*/meta.json; do sleep 0.02; done',
            }),
          ],
        },
        { content: "All done." },
      ],
    });
    servers.push(server);
    const session = keel(["-p", "work", "--permission-mode", "bypassPermissions"], {
      env: anthropicEnv(server),
    });
    let seenInPs: string[] | undefined;
    let task: TaskMeta | undefined;
    try {
      await waitFor(async () => (await store.list()).tasks.length === 1, 15_000);
      [task] = (await store.list()).tasks;
      seenInPs = row((await keel(["ps"])).stdout, task?.id ?? "");
    } finally {
      writeFileSync(join(work, "stop"), ""); // the session ends, whatever happened above
    }
    const run = await session;
    expect(run.code).toBe(0);
    expect(seenInPs?.slice(1, 3)).toEqual(["local_bash", "running"]);
    expect(await store.read(task?.id ?? "")).toMatchObject({ status: "completed", exitCode: 0 });
    // The notice is in a user turn, after that turn's tool results; it is told once.
    const body = server.requests.at(-1)?.body as { messages: ApiTurn[] };
    const told = body.messages.filter((m) => JSON.stringify(m).includes(`task ${task?.id}`));
    expect(told).toHaveLength(1);
    const blocks = told[0]?.content ?? [];
    const at = blocks.findIndex((b) => b.text?.includes(`Background task ${task?.id}`));
    expect(blocks[at]?.text).toContain("It completed (exit code 0).");
    expect(blocks.slice(0, at).map((b) => b.type)).toContain("tool_result");
    expect(blocks.slice(at).map((b) => b.type)).not.toContain("tool_result");
  });
});
