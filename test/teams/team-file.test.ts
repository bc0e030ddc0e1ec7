import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lockfile from "proper-lockfile";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LockBusyError } from "../../src/task-list/list-lock.js";
import {
  addTeamMember,
  createTeamFile,
  readTeamFile,
  removeTeamMember,
  setMemberActive,
  TeamFileError,
} from "../../src/teams/team-file.js";
import { teamPaths } from "../../src/teams/team-paths.js";
import { teamRoster } from "../../src/teams/team-roster.js";

const TEAM = "session-7e57a11d";
const now = () => new Date(1_700_000_000_000);
let configDir: string;
let where: { configDir: string; team: string };

beforeEach(async () => {
  configDir = await mkdtemp(join(tmpdir(), "keel-team-file-"));
  where = { configDir, team: TEAM };
});
afterEach(async () => {
  await rm(configDir, { recursive: true, force: true });
});

describe("the team file", () => {
  it("is created with the lead as its only member, in Claude Code's shape", async () => {
    await createTeamFile(where, { leadSessionId: "7e57a11d-0000", cwd: "/work", now });
    const onDisk = JSON.parse(await readFile(teamPaths(configDir, TEAM).configFile, "utf8"));
    expect(onDisk).toEqual({
      name: TEAM,
      createdAt: 1_700_000_000_000,
      leadAgentId: `team-lead@${TEAM}`,
      leadSessionId: "7e57a11d-0000",
      members: [
        {
          agentId: `team-lead@${TEAM}`,
          name: "team-lead",
          agentType: "team-lead",
          joinedAt: 1_700_000_000_000,
          cwd: "/work",
          sessionId: "7e57a11d-0000",
          subscriptions: [],
          backendType: "in-process",
        },
      ],
    });
    // A second create keeps what is there.
    await addTeamMember(where, { name: "alice", cwd: "/work" }, now);
    await createTeamFile(where, { leadSessionId: "other", cwd: "/elsewhere", now });
    expect((await readTeamFile(where))?.members.map((m) => m.name)).toEqual(["team-lead", "alice"]);
  });

  it("adds, marks idle and removes members, keeping fields it does not know", async () => {
    await createTeamFile(where, { leadSessionId: "s", cwd: "/w", now });
    await addTeamMember(
      where,
      { name: "alice", agentType: "general-purpose", model: "m", color: "blue", cwd: "/w" },
      now,
    );
    const path = teamPaths(configDir, TEAM).configFile;
    const raw = JSON.parse(await readFile(path, "utf8"));
    raw.hiddenPaneIds = ["%1"];
    raw.members[1].tmuxPaneId = "";
    await writeFile(path, JSON.stringify(raw));
    await setMemberActive(where, "alice", false);
    let file = await readTeamFile(where);
    expect(file?.members[1]).toMatchObject({
      agentId: `alice@${TEAM}`,
      isActive: false,
      color: "blue",
      tmuxPaneId: "",
      backendType: "in-process",
      subscriptions: [],
    });
    expect(file?.hiddenPaneIds).toEqual(["%1"]);
    await removeTeamMember(where, "alice");
    file = await readTeamFile(where);
    expect(file?.members.map((m) => m.name)).toEqual(["team-lead"]);
  });

  it("is the runtime's roster: members other than the lead, ensure, add, idle, remove", async () => {
    const roster = teamRoster(where, { sessionId: "s", cwd: "/w", now });
    expect(await roster.members()).toEqual([]);
    await roster.ensure();
    await roster.addMember({
      agentId: `bob@${TEAM}`,
      name: "bob",
      agentType: "general-purpose",
      model: "m",
      prompt: "Do task 2",
      color: "green",
      planModeRequired: false,
      cwd: "/w",
      sessionId: "s",
    });
    await roster.setActive("bob", false);
    expect(await roster.members()).toMatchObject([
      { name: "bob", prompt: "Do task 2", isActive: false },
    ]);
    await roster.removeMember("bob");
    expect(await roster.members()).toEqual([]);
  });

  it("a malformed team file is a clear error, and nothing is written over it", async () => {
    const path = teamPaths(configDir, TEAM).configFile;
    await createTeamFile(where, { leadSessionId: "s", cwd: "/w", now });
    await writeFile(path, '{"name": "x"}');
    await expect(readTeamFile(where)).rejects.toThrow(TeamFileError);
    await expect(addTeamMember(where, { name: "a", cwd: "/w" }, now)).rejects.toThrow(
      /config\.json is not a team file: createdAt/,
    );
    await writeFile(path, "{oops");
    await expect(setMemberActive(where, "a", true)).rejects.toThrow(/config\.json is not JSON/);
    expect(await readFile(path, "utf8")).toBe("{oops");
  });

  it("a change whose lock is not taken within the budget fails and changes nothing", async () => {
    await createTeamFile(where, { leadSessionId: "s", cwd: "/w", now });
    const path = teamPaths(configDir, TEAM).configFile;
    const before = await readFile(path, "utf8");
    const release = await lockfile.lock(path, { realpath: false });
    try {
      const hurried = { ...where, budget: { retries: 1, minTimeoutMs: 1, maxTimeoutMs: 5 } };
      await expect(addTeamMember(hurried, { name: "a", cwd: "/w" }, now)).rejects.toThrow(
        LockBusyError,
      );
    } finally {
      await release();
    }
    expect(await readFile(path, "utf8")).toBe(before);
  });
});
