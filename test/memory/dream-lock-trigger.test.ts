import { spawn } from "node:child_process";
import { mkdtemp, readFile, realpath, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acquireDreamLock, DREAM_LOCK, lastDreamAt } from "../../src/memory/dream-lock.js";
import { checkDreamGate, transcriptsSince } from "../../src/memory/dream-trigger.js";
import { nodeProcessProbe } from "../../src/tasks/process-probe.js";

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-dreamlock-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 5, 1);

describe("the dream lock", () => {
  it("a live holder keeps it; once SIGKILLed, its lock is taken over", async () => {
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
      stdio: "ignore",
    });
    const pid = holder.pid as number;
    const exited = new Promise((resolve) => holder.once("exit", resolve));
    await writeFile(join(dir, DREAM_LOCK), `${pid}\n`);
    const last = NOW - 30 * HOUR;
    await utimes(join(dir, DREAM_LOCK), last / 1000, last / 1000);
    // The holder's lock is fresh relative to the injected time: it holds.
    const blocked = await acquireDreamLock(dir, process.pid, nodeProcessProbe, last + HOUR / 2);
    expect(blocked).toEqual({ type: "held", pid });
    holder.kill("SIGKILL");
    await exited;
    const taken = await acquireDreamLock(dir, process.pid, nodeProcessProbe, NOW);
    if (taken.type !== "acquired") throw new Error("the dead holder's lock was not taken over");
    expect(taken.tookOverFrom).toBe(pid);
    expect(await readFile(join(dir, DREAM_LOCK), "utf8")).toBe(`${process.pid}\n`);
    // Until the dream completes, the last dream's time is unchanged; rollback keeps it so.
    expect(await lastDreamAt(dir)).toBe(last);
    await taken.lock.rollback();
    expect(await lastDreamAt(dir)).toBe(last);
  });

  it("completing stamps the time; a first dream rolled back leaves no lock", async () => {
    const first = await acquireDreamLock(dir, 4242, { alive: () => false }, NOW);
    if (first.type !== "acquired") throw new Error("not acquired");
    expect(await lastDreamAt(dir)).toBeUndefined();
    await first.lock.rollback();
    await expect(stat(join(dir, DREAM_LOCK))).rejects.toThrow();
    const second = await acquireDreamLock(dir, 4242, { alive: () => false }, NOW);
    if (second.type !== "acquired") throw new Error("not acquired");
    await second.lock.complete(NOW);
    expect(await lastDreamAt(dir)).toBe(NOW);
  });

  it("a live holder older than an hour is taken to be a reused PID", async () => {
    await writeFile(join(dir, DREAM_LOCK), "99999\n");
    const old = NOW - 2 * HOUR;
    await utimes(join(dir, DREAM_LOCK), old / 1000, old / 1000);
    const taken = await acquireDreamLock(dir, 4242, { alive: () => true }, NOW);
    expect(taken.type).toBe("acquired");
  });
});

describe("the automatic dream's gate", () => {
  const gate = (lastDreamMs: number | undefined, sessions: number, lastScanMs?: number) => {
    const count = vi.fn(async () => sessions);
    return {
      count,
      result: checkDreamGate({ nowMs: NOW, lastDreamMs, lastScanMs, countSessionsSince: count }),
    };
  };

  it("fires only past both thresholds (24 hours and 5 sessions)", async () => {
    expect(await gate(NOW - 25 * HOUR, 5).result).toEqual({ type: "due", sessions: 5 });
    expect(await gate(undefined, 6).result).toEqual({ type: "due", sessions: 6 });
    expect(await gate(NOW - 25 * HOUR, 4).result).toEqual({
      type: "too-few-sessions",
      sessions: 4,
    });
    const soon = gate(NOW - 23 * HOUR, 50);
    expect((await soon.result).type).toBe("too-soon");
    expect(soon.count).not.toHaveBeenCalled(); // the cheap gate first
  });

  it("scans at most once per 10 minutes, and every threshold is settable", async () => {
    expect((await gate(NOW - 25 * HOUR, 9, NOW - 5 * 60 * 1000).result).type).toBe(
      "scan-throttled",
    );
    expect((await gate(NOW - 25 * HOUR, 9, NOW - 11 * 60 * 1000).result).type).toBe("due");
    const custom = await checkDreamGate(
      {
        nowMs: NOW,
        lastDreamMs: NOW - 2 * HOUR,
        lastScanMs: undefined,
        countSessionsSince: async () => 1,
      },
      { minHours: 1, minSessions: 1, scanIntervalMinutes: 0 },
    );
    expect(custom).toEqual({ type: "due", sessions: 1 });
  });

  it("counts the transcripts changed since the last dream, the current session aside", async () => {
    const at = async (name: string, ms: number) => {
      await writeFile(join(dir, name), "{}\n");
      await utimes(join(dir, name), ms / 1000, ms / 1000);
    };
    await at("old.jsonl", NOW - 3 * HOUR);
    await at("new.jsonl", NOW - HOUR);
    await at("current.jsonl", NOW - HOUR);
    await at("notes.txt", NOW - HOUR);
    expect(await transcriptsSince(dir, NOW - 2 * HOUR, "current")).toEqual([
      join(dir, "new.jsonl"),
    ]);
  });
});
