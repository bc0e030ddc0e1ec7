import { describe, expect, it } from "vitest";
import { ReplController, type ReplSession } from "../../../src/cli/repl/repl-controller.js";
import {
  type TaskEndNotice,
  taskEndNotice,
  watchTaskEnds,
} from "../../../src/cli/repl/task-notices.js";
import type { TaskMeta } from "../../../src/tasks/task-meta.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { texts } from "./repl-harness.js";

const SESSION = "11111111-2222-4333-8444-555555555555";

function shell(id: string, fields: Partial<TaskMeta> = {}): TaskMeta {
  return {
    id,
    kind: "local_bash",
    command: "sleep 1; echo done",
    description: "wait then say done",
    cwd: "/project",
    sessionId: SESSION,
    startedAt: 1_000,
    status: "running",
    ...fields,
  } as TaskMeta;
}

function ended(task: TaskMeta, status: "completed" | "failed" | "killed", exitCode: number | null) {
  return { ...task, status, endedAt: 2_000, exitCode } as TaskMeta;
}

/** A store held in memory, counting reads; and a timer fired by hand. */
function fakes(initial: TaskMeta[]) {
  const tasks = new Map(initial.map((t) => [t.id, t]));
  const reads: string[] = [];
  let pending: (() => void) | undefined;
  const deps = {
    ids: async () => [...tasks.keys()],
    read: async (id: string) => {
      reads.push(id);
      return tasks.get(id);
    },
    sessionId: SESSION,
    schedule: (run: () => void, ms: number) => {
      expect(ms).toBe(1_000);
      pending = run;
      return () => {
        pending = undefined;
      };
    },
  };
  /** Lets the look in progress finish, then fires the timer and lets that look finish. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const fire = async () => {
    await settle();
    const run = pending;
    pending = undefined;
    run?.();
    await settle();
  };
  return { tasks, reads, deps, fire, settle, scheduled: () => pending !== undefined };
}

describe("task end notices", () => {
  it("reports a task of the session that ends while watched, once", async () => {
    const f = fakes([shell("b1")]);
    const watch = watchTaskEnds(f.deps);
    const seen: TaskEndNotice[] = [];
    watch.subscribe((n) => seen.push(n));
    await f.fire();
    expect(seen).toEqual([]);
    f.tasks.set("b1", ended(shell("b1"), "completed", 0));
    await f.fire();
    await f.fire();
    expect(seen.map((n) => n.text)).toEqual([
      "Background task b1 (wait then say done) completed — exit code 0",
    ]);
    watch.stop();
  });

  it("does not report tasks that had ended before the watch, nor other sessions' tasks", async () => {
    const f = fakes([
      ended(shell("old"), "completed", 0),
      shell("other", { sessionId: "99999999-2222-4333-8444-555555555555" }),
    ]);
    const watch = watchTaskEnds(f.deps);
    const seen: TaskEndNotice[] = [];
    watch.subscribe((n) => seen.push(n));
    await f.fire();
    f.tasks.set("other", ended(shell("other", { sessionId: "x" }), "completed", 0));
    await f.fire();
    expect(seen).toEqual([]);
    watch.stop();
  });

  it("reads settled tasks only once (other sessions' and ended ones)", async () => {
    const f = fakes([ended(shell("old"), "completed", 0), shell("other", { sessionId: "x" })]);
    const watch = watchTaskEnds(f.deps);
    await f.fire();
    await f.fire();
    expect(f.reads.filter((id) => id === "old")).toHaveLength(1);
    expect(f.reads.filter((id) => id === "other")).toHaveLength(1);
    watch.stop();
  });

  it("holds notices found before anyone listens and hands them to the first listener", async () => {
    const f = fakes([shell("b2")]);
    const watch = watchTaskEnds(f.deps);
    await f.fire();
    f.tasks.set("b2", ended(shell("b2"), "killed", 143));
    await f.fire();
    const seen: string[] = [];
    watch.subscribe((n) => seen.push(n.text));
    expect(seen).toEqual(["Background task b2 (wait then say done) killed — exit code 143"]);
    watch.stop();
  });

  it("stops looking once stopped", async () => {
    const f = fakes([shell("b3")]);
    const watch = watchTaskEnds(f.deps);
    await f.settle();
    expect(f.scheduled()).toBe(true);
    watch.stop();
    expect(f.scheduled()).toBe(false);
  });

  it("words a failure with its error, in the error tone", () => {
    const failed = { ...ended(shell("b4"), "failed", null), error: "its process died" } as TaskMeta;
    expect(taskEndNotice(failed as Parameters<typeof taskEndNotice>[0])).toEqual({
      taskId: "b4",
      text: "Background task b4 (wait then say done) failed: its process died",
      tone: "error",
    });
  });
});

describe("the REPL shows task ends", () => {
  /** A session whose task events the test fires by hand. */
  function sessionWithTasks() {
    const listeners: Array<(notice: TaskEndNotice) => void> = [];
    const { engine } = scriptedEngine({ turns: [{ content: "hi" }] });
    const session: ReplSession = {
      engine,
      taskEvents: {
        subscribe: (listener) => {
          listeners.push(listener);
          return () => {};
        },
      },
      dispose: async () => {},
    };
    const fire = (taskId: string, text: string) => {
      for (const listener of listeners) listener({ taskId, text, tone: "info" });
    };
    return { session, fire };
  }

  it("as a transcript line, for the session it started with and for the one after /clear", async () => {
    const first = sessionWithTasks();
    const second = sessionWithTasks();
    const controller = new ReplController({
      cwd: "/project",
      model: "claude-sonnet-5",
      session: first.session,
      openSession: async () => second.session,
      recordPrompt: async () => {},
      now: () => 0,
    });
    first.fire("b1", "Background task b1 (build) completed — exit code 0");
    expect(texts(controller.store.get(), "notice")).toContain(
      "Background task b1 (build) completed — exit code 0",
    );
    await controller.clear();
    second.fire("b2", "Background task b2 (test) failed — exit code 1");
    expect(texts(controller.store.get(), "notice")).toContain(
      "Background task b2 (test) failed — exit code 1",
    );
  });
});
