import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TaskStore } from "../../../src/tasks/task-store.js";
import { isAlive } from "../../tools/bash/helpers.js";
import { commandNotice, openRealRepl, type RealRepl, turn } from "./real-repl-session.js";

// /tasks in a real REPL session: the scripted model starts a background shell through the Bash
// tool's run_in_background, as a model would; /tasks reads the task store the tools write.
let dir: string;
let cwd: string;
let home: string;
let stateDir: string;
let repl: RealRepl | undefined;
const leftovers: number[] = [];

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-tasks-cmd-")));
  cwd = join(dir, "project");
  home = join(dir, "home");
  stateDir = join(home, ".keel");
  await mkdir(cwd, { recursive: true });
});

afterEach(async () => {
  await repl?.close();
  repl = undefined;
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(-pid, "SIGKILL"); // never leave a sleeper behind a failed test
    } catch {
      // Already gone.
    }
  }
  await rm(dir, { recursive: true, force: true });
});

const MARKER = "tasks-marker-7f3a";

const startShell = {
  content: [
    {
      type: "tool_use",
      id: "toolu_bg",
      name: "Bash",
      input: {
        command: `echo ${MARKER}-one; echo ${MARKER}-two; sleep 300`,
        description: "Sleep in the background",
        run_in_background: true,
      },
    },
  ],
};

describe("/tasks in a real REPL session", () => {
  it("lists a running background shell, shows its output, stops it (the process ends)", async () => {
    repl = await openRealRepl({ cwd, home, stateDir }, [startShell, { content: "Started." }], {
      options: { allowedTools: ["Bash"] },
    });
    await turn(repl.controller, "start a sleeper");
    const store = new TaskStore(join(stateDir, "tasks"));
    const { tasks } = await store.list();
    expect(tasks).toHaveLength(1);
    const task = tasks[0];
    if (!task?.pid) throw new Error("the background shell has no recorded pid");
    leftovers.push(task.pid);
    expect(isAlive(task.pid)).toBe(true);

    const listed = (await commandNotice(repl.controller, "/tasks")).text.split("\n");
    expect(listed[0]).toMatch(/^ID\s+KIND\s+STATUS\s+STARTED\s+RAN\s+DESCRIPTION$/);
    expect(listed[1]).toMatch(
      new RegExp(
        `^${task.id}\\s+local_bash\\s+running\\s+\\d+s ago\\s+\\d+s\\s+Sleep in the background$`,
      ),
    );
    expect(listed.at(-1)).toBe(
      "/tasks <id> shows a task's output; /tasks stop <id> stops a running one.",
    );

    const output = store.paths(task.id).output;
    // The shell writes its output file itself: wait (bounded) until both lines are in it.
    for (let tries = 0; !(await readFile(output, "utf8")).includes(`${MARKER}-two`); tries++) {
      if (tries > 200) throw new Error("the background shell wrote no output");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const shown = (await commandNotice(repl.controller, `/tasks ${task.id}`)).text.split("\n");
    expect(shown).toEqual([
      `${task.id} local_bash running · Sleep in the background`,
      `  ${MARKER}-one`,
      `  ${MARKER}-two`,
      `Output file: ${output}`,
    ]);

    const stopped = await commandNotice(repl.controller, `/tasks stop ${task.id}`);
    expect(stopped).toEqual({
      text: `Stopped ${task.id} (Sleep in the background): killed.`,
      tone: "info",
    });
    expect(isAlive(task.pid)).toBe(false);
    const after = (await commandNotice(repl.controller, "/tasks")).text.split("\n");
    expect(after[1]).toMatch(new RegExp(`^${task.id}\\s+local_bash\\s+killed\\s`));
    const again = await commandNotice(repl.controller, `/tasks stop ${task.id}`);
    expect(again.text).toBe(`${task.id} (Sleep in the background) had already ended: killed.`);
  });

  it("shows only this session's tasks, an ended one's tail, and names an id it does not have", async () => {
    repl = await openRealRepl({ cwd, home, stateDir }, []);
    const store = new TaskStore(join(stateDir, "tasks"));
    // Another session's shell, recorded in the same state folder (keel ps lists it; /tasks not).
    await store.create({
      id: "othersession1",
      kind: "local_bash",
      command: "echo elsewhere",
      description: "Another session's shell",
      cwd,
      sessionId: "another-session",
      startedAt: store.time(),
      status: "completed",
      endedAt: store.time(),
      exitCode: 0,
    });
    expect((await commandNotice(repl.controller, "/tasks")).text).toBe(
      "No background tasks in this session. (keel ps lists every session's.)",
    );
    for (const line of ["/tasks othersession1", "/tasks stop othersession1", "/tasks nosuch"]) {
      const answer = await commandNotice(repl.controller, line);
      expect(answer.tone).toBe("error");
      expect(answer.text).toMatch(/^\/tasks: this session has no background task "\w+"/);
    }
    expect((await store.read("othersession1"))?.status).toBe("completed");

    // One of this session's, ended, with more output than /tasks <id> shows: the tail, and a
    // line saying how many came before it.
    const sessionId = repl.session.tasks?.sessionId ?? "";
    const startedAt = store.time() - 90_000;
    await store.create({
      id: "ownended1",
      kind: "local_bash",
      command: "seq 25",
      description: "Count to 25",
      cwd,
      sessionId,
      startedAt,
      status: "completed",
      endedAt: startedAt + 65_000,
      exitCode: 0,
    });
    const numbers = Array.from({ length: 25 }, (_, i) => `${i + 1}`);
    // As a terminal would show them: a `\r` redraw keeps its last state, and escape sequences
    // (colour, a window title) never reach the REPL's screen.
    const written = [...numbers.slice(0, 23), "2\r24", "\x1b]0;pwned\x07\x1b[1m25\x1b[0m"];
    await writeFile(store.paths("ownended1").output, `${written.join("\n")}\n`);
    const listed = (await commandNotice(repl.controller, "/tasks")).text.split("\n");
    expect(listed[1]).toMatch(/^ownended1\s+local_bash\s+completed\s+1m ago\s+1m\s+Count to 25$/);
    expect(listed).toHaveLength(3);
    const shown = (await commandNotice(repl.controller, "/tasks ownended1")).text.split("\n");
    expect(shown).toEqual([
      "ownended1 local_bash completed · Count to 25",
      "(5 earlier lines; keel logs ownended1 prints them all)",
      ...numbers.slice(5).map((n) => `  ${n}`),
      `Output file: ${store.paths("ownended1").output}`,
    ]);
    const usage = await commandNotice(repl.controller, "/tasks a b c");
    expect(usage).toEqual({
      text: "/tasks: Usage: /tasks, /tasks <id> (its output) or /tasks stop <id>.",
      tone: "error",
    });
  });
});
