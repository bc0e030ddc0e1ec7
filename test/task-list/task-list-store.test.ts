import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withFileLock } from "../../src/task-list/list-lock.js";
import { LockBusyError, TaskListStore } from "../../src/task-list/task-list-store.js";

const CONTENDER = fileURLToPath(new URL("./contender.ts", import.meta.url));
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-task-list-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a shared task list", () => {
  it("numbers tasks, links both ends of a dependency, and never reuses an id", async () => {
    const store = new TaskListStore(dir);
    const first = await store.create({ subject: "Build", description: "Build it" });
    const second = await store.create({
      subject: "Test",
      description: "Test it",
      activeForm: "Testing",
    });
    expect([first.id, second.id]).toEqual(["1", "2"]);
    const linked = await store.update("2", { addBlockedBy: ["1"], owner: "qa" });
    expect(linked).toMatchObject({ ok: true, updatedFields: ["owner", "blockedBy"] });
    expect((await store.get("1"))?.blocks).toEqual(["2"]);
    expect(await store.claim("2", "dev")).toEqual({ ok: false, reason: "already_claimed" });
    expect(await store.claim("2", "qa")).toEqual({ ok: false, reason: "blocked" });
    expect(await store.update("1", { status: "completed" })).toMatchObject({
      statusChange: { from: "pending", to: "completed" },
    });
    expect(await store.claim("1", "dev")).toEqual({ ok: false, reason: "already_resolved" });
    expect((await store.claim("2", "qa")).ok).toBe(true);
    await store.update("2", { status: "deleted" });
    expect((await store.get("1"))?.blocks).toEqual([]);
    expect((await store.create({ subject: "Ship", description: "Ship it" })).id).toBe("3");
    expect(await store.update("9", { status: "completed" })).toEqual({
      ok: false,
      error: "Task 9 not found",
    });
  });

  it("merges metadata and removes a key set to null", async () => {
    const store = new TaskListStore(dir);
    await store.create({ subject: "a", description: "b", metadata: { keep: 1, drop: 2 } });
    await store.update("1", { metadata: { drop: null, add: "x" } });
    expect((await store.get("1"))?.metadata).toEqual({ keep: 1, add: "x" });
  });

  it("changes nothing when the lock cannot be taken within its budget", async () => {
    const store = new TaskListStore(dir, { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 2 });
    await store.create({ subject: "a", description: "b" });
    let release: () => void = () => {};
    const held = withFileLock(
      join(dir, ".lock"),
      { retries: 0, minTimeoutMs: 1, maxTimeoutMs: 1 },
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await expect(store.create({ subject: "c", description: "d" })).rejects.toBeInstanceOf(
      LockBusyError,
    );
    release();
    await held;
    expect((await store.list()).map((t) => t.id)).toEqual(["1"]);
    expect(await readFile(join(dir, ".highwatermark"), "utf8")).toBe("1");
  });

  it("two processes racing over 1,000 operations (200 creates, 800 claims) lose and double nothing", async () => {
    const run = (owner: string) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", CONTENDER, dir, owner, "100"]);
    const [a, b] = await Promise.all([run("a"), run("b")]);
    const results = [a, b].map(
      (r) => JSON.parse(r.stdout) as { created: string[]; claimed: string[] },
    );
    const created = results.flatMap((r) => r.created);
    expect(new Set(created).size).toBe(200);
    expect(created.map(Number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    const claimed = results.flatMap((r) => r.claimed);
    expect(claimed).toHaveLength(200);
    expect(new Set(claimed).size).toBe(200);
    const tasks = await new TaskListStore(dir).list();
    expect(tasks).toHaveLength(200);
    for (const task of tasks) {
      const owner = results[0]?.claimed.includes(task.id) ? "a" : "b";
      expect(task).toMatchObject({ status: "in_progress", owner });
    }
  }, 60_000);
});
