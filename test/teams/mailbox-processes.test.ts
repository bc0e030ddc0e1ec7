import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, expect, it } from "vitest";
import { inboxMessageSchema } from "../../src/teams/mailbox.js";
import { teamPaths } from "../../src/teams/team-paths.js";

const SENDER = fileURLToPath(new URL("./fixtures/mailbox-sender.ts", import.meta.url));
const TAKER = fileURLToPath(new URL("./fixtures/mailbox-taker.ts", import.meta.url));
const TEAM = "session-0000beef";
const EACH = 500;

let configDir: string;
beforeEach(async () => {
  configDir = await mkdtemp(join(tmpdir(), "keel-mailbox-race-"));
});
afterEach(async () => {
  await rm(configDir, { recursive: true, force: true });
});

const run = (script: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", script, configDir, TEAM, ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });

it("two processes sending 500 messages each to one inbox while a third takes them: none lost, none doubled", async () => {
  const [a, b, taker] = await Promise.all([
    run(SENDER, "lead", "alice", String(EACH)),
    run(SENDER, "lead", "bob", String(EACH)),
    run(TAKER, "lead", String(2 * EACH)),
  ]);
  const texts = JSON.parse(taker.stdout) as string[];
  expect(texts).toHaveLength(2 * EACH);
  expect(new Set(texts).size).toBe(2 * EACH);
  for (const from of ["alice", "bob"]) {
    // Each sender's messages arrive whole and in the order it sent them.
    const mine = texts.filter((t) => t.startsWith(`${from} `));
    expect(mine).toEqual(Array.from({ length: EACH }, (_, i) => `${from} ${i}`));
  }
  for (const sender of [a, b]) expect(JSON.parse(sender.stdout)).toHaveProperty("busy");
  // On disk: all 1,000, each read once, each a valid inbox entry.
  const onDisk = JSON.parse(await readFile(teamPaths(configDir, TEAM).inbox("lead"), "utf8"));
  expect(onDisk).toHaveLength(2 * EACH);
  expect(onDisk.every((m: unknown) => inboxMessageSchema.parse(m).read)).toBe(true);
}, 60_000);
