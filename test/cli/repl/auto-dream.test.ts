import { mkdir, mkdtemp, readFile, realpath, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type AutoDreamDeps,
  autoDreamer,
  dreamThresholds,
} from "../../../src/cli/repl/auto-dream.js";
import { sessionDream } from "../../../src/cli/repl/session-dream.js";
import { psCommand } from "../../../src/cli/tasks/ps-command.js";
import { loadSettings } from "../../../src/config/settings/load.js";
import { DEFAULT_DREAM_THRESHOLDS } from "../../../src/memory/dream-trigger.js";
import { parseModelString } from "../../../src/model/model-string.js";
import { createProvider } from "../../../src/model/select.js";
import { TaskStore } from "../../../src/tasks/task-store.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { controllerFor, texts, until } from "./repl-harness.js";

let root: string;
let stateDir: string;
let transcripts: string;
let memory: string;

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 5, 10, 12, 0, 0);

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-auto-dream-")));
  stateDir = join(root, "state");
  transcripts = join(stateDir, "projects", "-repo");
  memory = join(transcripts, "memory");
  await mkdir(memory, { recursive: true });
  await writeFile(join(memory, "MEMORY.md"), "- [Tabs](user_tabs.md) — tabs\n");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The last dream ended `hoursAgo` before NOW (the lock's mtime says when). */
async function lastDream(hoursAgo: number): Promise<void> {
  const lock = join(memory, ".consolidate-lock");
  await writeFile(lock, "1\n");
  const at = (NOW - hoursAgo * HOUR) / 1000;
  await utimes(lock, at, at);
}

/** `count` other sessions of the project changed an hour before NOW, and the current one. */
async function sessions(count: number): Promise<void> {
  const at = (NOW - HOUR) / 1000;
  for (const id of [...Array.from({ length: count }, (_, i) => `s${i}`), "current"]) {
    const path = join(transcripts, `${id}.jsonl`);
    await writeFile(path, '{"type":"user","message":"hello"}\n');
    await utimes(path, at, at);
  }
}

async function deps(clock: { ms: number }, enabled = true): Promise<AutoDreamDeps> {
  const file = join(root, "dream.json");
  await writeFile(file, JSON.stringify({ turns: [{ content: "Nothing to merge." }] }));
  const env = { HOME: root, KEEL_CONFIG_DIR: stateDir, PATH: process.env.PATH ?? "" };
  const model = `scripted:${file}`;
  const dream = sessionDream({
    memoryDir: () => memory,
    stateDir,
    transcriptsDir: transcripts,
    sessionId: "current",
    provider: await createProvider(parseModelString(model), env),
    model: () => model,
    env,
    now: () => clock.ms,
  });
  return {
    enabled,
    memoryDir: () => memory,
    thresholds: DEFAULT_DREAM_THRESHOLDS,
    transcriptsDir: transcripts,
    sessionId: "current",
    cwd: root,
    now: () => clock.ms,
    store: new TaskStore(join(stateDir, "tasks"), { now: () => clock.ms }),
    run: (_dir, signal) => dream.run(signal, () => {}),
    newId: () => "dtest0001",
  };
}

describe("the REPL's automatic dream after a turn", () => {
  it("checks nothing when autoDreamEnabled is off", async () => {
    await lastDream(48);
    await sessions(9);
    const dreamer = autoDreamer(await deps({ ms: NOW }, false));
    expect(await dreamer.afterTurn()).toEqual({ type: "off" });
  });

  it("waits for the hours even with enough sessions", async () => {
    await lastDream(23);
    await sessions(9);
    const dreamer = autoDreamer(await deps({ ms: NOW }));
    const check = await dreamer.afterTurn();
    expect(check).toMatchObject({ type: "checked", gate: { type: "too-soon" } });
    expect((await new TaskStore(join(stateDir, "tasks")).list()).tasks).toEqual([]);
  });

  it("starts a dream task only past both thresholds, scanning at most every 10 minutes", async () => {
    await lastDream(25);
    await sessions(4); // the current session does not count
    const clock = { ms: NOW };
    const d = await deps(clock);
    const dreamer = autoDreamer(d);
    expect(await dreamer.afterTurn()).toMatchObject({
      gate: { type: "too-few-sessions", sessions: 4 },
    });
    await sessions(5);
    clock.ms = NOW + 9 * 60 * 1000;
    expect(await dreamer.afterTurn()).toMatchObject({ gate: { type: "scan-throttled" } });
    expect((await d.store.list()).tasks).toEqual([]);

    clock.ms = NOW + 11 * 60 * 1000;
    const check = await dreamer.afterTurn();
    expect(check).toEqual({
      type: "checked",
      gate: { type: "due", sessions: 5 },
      taskId: "dtest0001",
    });
    // A second turn meanwhile does not start another.
    expect(await dreamer.afterTurn()).toMatchObject({ type: "running", taskId: "dtest0001" });
    await dreamer.dispose();
  });

  it("records the dream in the task store: running, then completed with its summary line", async () => {
    await lastDream(25);
    await sessions(5);
    const d = await deps({ ms: NOW });
    const dreamer = autoDreamer(d);
    const check = await dreamer.afterTurn();
    expect(check).toMatchObject({ taskId: "dtest0001" });
    // What `keel ps` reads: the tasks folder, from another store as another process would.
    const running = await new TaskStore(join(stateDir, "tasks")).read("dtest0001");
    expect(running).toMatchObject({ kind: "dream", memoryDir: memory, sessionId: "current" });
    await waitForEnd(d.store);
    const ended = await d.store.read("dtest0001");
    expect(ended).toMatchObject({ kind: "dream", status: "completed", endedAt: NOW });
    const output = await readFile(d.store.paths("dtest0001").output, "utf8");
    expect(output).toMatch(/^Dream: no memory files changed; backup at .*memory-backups/);
    // The pass stamped the lock with the injected time: the next check is too soon again.
    expect(await dreamer.afterTurn()).toMatchObject({ gate: { type: "too-soon" } });
  });
});

describe("keel ps", () => {
  it("lists a dream task with its kind", async () => {
    await lastDream(25);
    await sessions(5);
    const d = await deps({ ms: NOW });
    await autoDreamer(d).afterTurn();
    await waitForEnd(d.store);
    let out = "";
    const stdout = new Writable({
      write(chunk, _encoding, done) {
        out += String(chunk);
        done();
      },
    });
    const io = {
      stdin: process.stdin,
      stdout,
      stderr: stdout,
      env: { HOME: root, KEEL_CONFIG_DIR: stateDir },
      cwd: root,
      signal: new AbortController().signal,
    };
    expect(await psCommand([], io)).toBe(0);
    expect(out).toMatch(/dtest0001\s+dream\s+completed\s+.*dream: tidy the auto memory/);
  });
});

async function waitForEnd(store: TaskStore): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const task = await store.read("dtest0001");
    if (task && task.status !== "running") return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the dream task did not end");
}

describe("the REPL controller", () => {
  it("tells the session after each turn that ran (where the automatic dream is checked)", async () => {
    let told = 0;
    const session = {
      engine: scriptedEngine({ turns: [{ content: "one" }, { content: "two" }] }).engine,
      afterTurn: () => {
        told += 1;
      },
      dispose: async () => {},
    };
    const controller = controllerFor(session, root);
    controller.submit("first");
    await until(controller, (s) => texts(s, "assistant").includes("one"), "the first answer");
    await until(controller, (s) => !s.busy, "the first turn's end");
    expect(told).toBe(1);
    controller.submit("second");
    await until(controller, (s) => texts(s, "assistant").includes("two"), "the second answer");
    await until(controller, (s) => !s.busy, "the second turn's end");
    expect(told).toBe(2);
    controller.submit("/cost");
    expect(told).toBe(2);
  });
});

describe("the thresholds from the settings", () => {
  it("reads each one, and skips a bad value for the default", async () => {
    await writeFile(
      join(stateDir, "settings.json"),
      JSON.stringify({
        autoDreamMinHours: 1,
        autoDreamMinSessions: 2,
        autoDreamScanIntervalMinutes: -5,
      }),
    );
    const settings = await loadSettings({ home: root, stateDir, cwd: root, cli: {} });
    expect(dreamThresholds(settings)).toEqual({
      minHours: 1,
      minSessions: 2,
      scanIntervalMinutes: DEFAULT_DREAM_THRESHOLDS.scanIntervalMinutes,
    });
    expect(dreamThresholds({})).toEqual(DEFAULT_DREAM_THRESHOLDS);
  });
});
