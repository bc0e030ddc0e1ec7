import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLEANUP_STAMP, cleanupTranscripts } from "../../src/cli/transcript-cleanup.js";
import { projectDir } from "../../src/config/paths.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-06-01T12:00:00Z");

let stateDir: string;
let project: string;

beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), "keel-cleanup-"));
  project = join(stateDir, "projects", "-work-app");
  await mkdir(project, { recursive: true });
});

afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

/** A transcript (with its session folder) last written `age` days before `now`. */
async function transcript(dir: string, id: string, ageDays: number, now = NOW): Promise<string> {
  const path = join(dir, `${id}.jsonl`);
  await writeFile(path, "{}\n");
  await mkdir(join(dir, id, "tool-results"), { recursive: true });
  const when = new Date(now - ageDays * DAY);
  await utimes(path, when, when);
  return path;
}

describe("cleanupTranscripts", () => {
  it("removes only transcripts older than the period, with their session folders", async () => {
    const old = await transcript(project, "old", 31);
    const recent = await transcript(project, "recent", 29);
    const otherProject = join(stateDir, "projects", "-work-lib");
    await mkdir(otherProject);
    const otherOld = await transcript(otherProject, "ancient", 400);
    await writeFile(join(project, "notes.txt"), "not a transcript");
    await utimes(join(project, "notes.txt"), new Date(NOW - 400 * DAY), new Date(NOW - 400 * DAY));
    const removed = await cleanupTranscripts({ stateDir, periodDays: 30, now: () => NOW });
    expect(removed?.sort()).toEqual([otherOld, old].sort());
    expect(existsSync(old)).toBe(false);
    expect(existsSync(join(project, "old"))).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(join(project, "recent"))).toBe(true);
    expect(existsSync(join(project, "notes.txt"))).toBe(true);
  });

  it("keeps the session that is starting, however old", async () => {
    const resumed = await transcript(project, "resumed", 90);
    expect(
      await cleanupTranscripts({ stateDir, periodDays: 30, now: () => NOW, keep: "resumed" }),
    ).toEqual([]);
    expect(existsSync(resumed)).toBe(true);
  });

  it("runs at most once a day (a stamp file), then again the next day", async () => {
    await cleanupTranscripts({ stateDir, periodDays: 30, now: () => NOW });
    expect(await readFile(join(stateDir, CLEANUP_STAMP), "utf8")).toBe(`${NOW}\n`);
    const later = NOW + 23 * 60 * 60 * 1000;
    const old = await transcript(project, "old", 31, later);
    expect(
      await cleanupTranscripts({ stateDir, periodDays: 30, now: () => later }),
    ).toBeUndefined();
    expect(existsSync(old)).toBe(true);
    const nextDay = NOW + DAY + 1;
    expect(await cleanupTranscripts({ stateDir, periodDays: 30, now: () => nextDay })).toEqual([
      old,
    ]);
  });

  it("removes old debug logs too, never the starting session's", async () => {
    const debug = join(stateDir, "debug");
    await mkdir(debug);
    const old = join(debug, "old.txt");
    const mine = join(debug, "mine.txt");
    for (const path of [old, mine]) {
      await writeFile(path, "log\n");
      await utimes(path, new Date(NOW - 40 * DAY), new Date(NOW - 40 * DAY));
    }
    expect(
      await cleanupTranscripts({ stateDir, periodDays: 30, now: () => NOW, keep: "mine" }),
    ).toEqual([old]);
    expect(existsSync(mine)).toBe(true);
  });

  it("honours another period", async () => {
    const week = await transcript(project, "week", 8);
    expect(await cleanupTranscripts({ stateDir, periodDays: 7, now: () => NOW })).toEqual([week]);
  });
});

describe("keel -p and cleanupPeriodDays", () => {
  it("removes this machine's transcripts older than the settings' period at start", async () => {
    const cwd = await realpath(await mkdtemp(join(tmpdir(), "keel-cleanup-cwd-")));
    try {
      await mkdir(join(cwd, ".claude"));
      await writeFile(
        join(cwd, ".claude", "settings.json"),
        JSON.stringify({ cleanupPeriodDays: 5 }),
      );
      const dir = projectDir(stateDir, cwd);
      await mkdir(dir, { recursive: true });
      const now = Date.now();
      const old = await transcript(dir, "old", 6, now);
      const recent = await transcript(dir, "recent", 4, now);
      const server = await scriptedServer({ turns: [{ content: "Hello." }] });
      const run = await runKeel(["-p", "hi"], {
        cwd,
        env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
      });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe("");
      expect(existsSync(old)).toBe(false);
      expect(existsSync(recent)).toBe(true);
      expect(existsSync(join(stateDir, CLEANUP_STAMP))).toBe(true);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });
});
