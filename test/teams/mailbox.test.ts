import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lockfile from "proper-lockfile";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DroppedEntries, MailboxBusyError, openMailbox } from "../../src/teams/mailbox.js";
import { teamPaths } from "../../src/teams/team-paths.js";

let configDir: string;
const TEAM = "session-7e57a11d";
const at = (n: number) => () => new Date(Date.UTC(2026, 11, 5, 0, 0, n));

beforeEach(async () => {
  configDir = await mkdtemp(join(tmpdir(), "keel-mailbox-"));
});
afterEach(async () => {
  await rm(configDir, { recursive: true, force: true });
});

const inboxOf = (name: string) => teamPaths(configDir, TEAM).inbox(name);
const onDisk = async (name: string): Promise<unknown> =>
  JSON.parse(await readFile(inboxOf(name), "utf8"));

describe("the team mailbox", () => {
  it("keeps Claude Code's inbox format: a JSON array of {from, text, timestamp, read, color?, summary?}", async () => {
    const mailbox = openMailbox({ configDir, team: TEAM, now: at(7) });
    await mailbox.send("alice", { from: "team-lead", text: "Start on task 1", summary: "Go" });
    await mailbox.send("alice", { from: "bob", text: "hi", color: "green" });
    expect(inboxOf("alice")).toBe(join(configDir, "teams", TEAM, "inboxes", "alice.json"));
    expect(await onDisk("alice")).toEqual([
      {
        from: "team-lead",
        text: "Start on task 1",
        timestamp: "2026-12-05T00:00:07.000Z",
        read: false,
        summary: "Go",
      },
      {
        from: "bob",
        text: "hi",
        timestamp: "2026-12-05T00:00:07.000Z",
        read: false,
        color: "green",
      },
    ]);
    expect((await mailbox.unread("alice")).map((m) => m.text)).toEqual(["Start on task 1", "hi"]);
    expect(await mailbox.unread("carol")).toEqual([]);
  });

  it("take marks only the picked unread messages read and returns them", async () => {
    const mailbox = openMailbox({ configDir, team: TEAM, now: at(1) });
    for (const text of ["one", "two", "three"]) await mailbox.send("bob", { from: "alice", text });
    const taken = await mailbox.take("bob", (unread) => {
      expect(unread.map((m) => m.text)).toEqual(["one", "two", "three"]);
      return [1, 1, 9];
    });
    expect(taken).toEqual([
      { from: "alice", text: "two", timestamp: "2026-12-05T00:00:01.000Z", read: true },
    ]);
    expect((await mailbox.unread("bob")).map((m) => m.text)).toEqual(["one", "three"]);
    const rest = await mailbox.take("bob", (unread) => unread.map((_, i) => i));
    expect(rest.map((m) => m.text)).toEqual(["one", "three"]);
    expect(await mailbox.unread("bob")).toEqual([]);
    expect((await onDisk("bob")) as unknown[]).toHaveLength(3);
  });

  it("a lock held past the retry budget is a MailboxBusyError and changes nothing", async () => {
    const mailbox = openMailbox({ configDir, team: TEAM, now: at(2) });
    await mailbox.send("alice", { from: "bob", text: "before" });
    const before = await readFile(inboxOf("alice"), "utf8");
    const release = await lockfile.lock(inboxOf("alice"), { realpath: false });
    try {
      await expect(mailbox.send("alice", { from: "bob", text: "lost?" })).rejects.toThrow(
        MailboxBusyError,
      );
      // A smaller budget for the second try keeps the test short; the rule is the same.
      const hurried = openMailbox({
        configDir,
        team: TEAM,
        budget: { retries: 1, minTimeoutMs: 1, maxTimeoutMs: 5 },
      });
      await expect(hurried.take("alice", () => [0])).rejects.toThrow(/inbox of alice .* busy/);
      expect(await readFile(inboxOf("alice"), "utf8")).toBe(before);
    } finally {
      await release();
    }
    // Once the lock is free, nothing was lost or doubled, and the retry goes through.
    await mailbox.send("alice", { from: "bob", text: "after" });
    expect((await mailbox.unread("alice")).map((m) => m.text)).toEqual(["before", "after"]);
  });

  it("removes and reports malformed entries instead of failing on them", async () => {
    const dropped: DroppedEntries[] = [];
    const mailbox = openMailbox({
      configDir,
      team: TEAM,
      now: at(3),
      onDropped: (d) => dropped.push(d),
    });
    await mailbox.send("alice", { from: "bob", text: "good" });
    const good = ((await onDisk("alice")) as unknown[])[0];
    await writeFile(inboxOf("alice"), JSON.stringify([{ from: 5 }, good, "junk"]));
    expect((await mailbox.unread("alice")).map((m) => m.text)).toEqual(["good"]);
    expect(dropped).toEqual([{ inbox: "alice", entries: [{ from: 5 }, "junk"] }]);
    expect(await onDisk("alice")).toEqual([good]);
    // Reported once: the file is clean now.
    await mailbox.unread("alice");
    expect(dropped).toHaveLength(1);
  });

  it("moves a whole inbox that is not a JSON array aside, reports it, and starts afresh", async () => {
    const dropped: DroppedEntries[] = [];
    const mailbox = openMailbox({ configDir, team: TEAM, onDropped: (d) => dropped.push(d) });
    await mailbox.send("alice", { from: "bob", text: "x" });
    await writeFile(inboxOf("alice"), "{not json");
    await mailbox.send("alice", { from: "bob", text: "fresh" });
    expect((await mailbox.unread("alice")).map((m) => m.text)).toEqual(["fresh"]);
    expect(dropped).toEqual([
      { inbox: "alice", entries: ["{not json"], movedTo: `${inboxOf("alice")}.malformed` },
    ]);
    expect(await readFile(`${inboxOf("alice")}.malformed`, "utf8")).toBe("{not json");
  });

  it("refuses a recipient name that is not a safe path segment", async () => {
    const mailbox = openMailbox({ configDir, team: TEAM });
    for (const name of ["..", "../x", "a/b", "", "Alice"]) {
      await expect(mailbox.send(name, { from: "bob", text: "x" })).rejects.toThrow(/safe name/);
    }
  });
});
