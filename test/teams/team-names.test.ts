import { describe, expect, it } from "vitest";
import {
  implicitTeamName,
  safeName,
  TEAM_LEAD_NAME,
  TeamNameError,
  teamAgentId,
} from "../../src/teams/team-names.js";
import { teamPaths } from "../../src/teams/team-paths.js";
import { teamsEnabled } from "../../src/teams/teams-enabled.js";

describe("team names and paths", () => {
  it("names the implicit team session-<first 8 of the id> and agents name@team", () => {
    const team = implicitTeamName("82BC5809-1111-2222-3333-444455556666");
    expect(team).toBe("session-82bc5809");
    expect(teamAgentId("qa", team)).toBe("qa@session-82bc5809");
    expect(teamAgentId(TEAM_LEAD_NAME, team)).toBe("team-lead@session-82bc5809");
  });

  it("sanitises names to [a-z0-9-] and refuses what cannot be made safe", () => {
    expect(safeName("Code Reviewer")).toBe("code-reviewer");
    expect(safeName("--qa__bot--")).toBe("qa-bot");
    expect(safeName("../../etc")).toBe("etc");
    for (const bad of ["", "..", "/", "@@", "x".repeat(65)]) {
      expect(() => safeName(bad)).toThrow(TeamNameError);
    }
  });

  it("puts a team under KEEL_CONFIG_DIR/teams/<team>/ and never lets an unsafe segment through", () => {
    const paths = teamPaths("/cfg", "session-82bc5809");
    expect(paths.configFile).toBe("/cfg/teams/session-82bc5809/config.json");
    expect(paths.inbox("alice")).toBe("/cfg/teams/session-82bc5809/inboxes/alice.json");
    expect(() => teamPaths("/cfg", "..")).toThrow(TeamNameError);
    expect(() => paths.inbox("../config")).toThrow(TeamNameError);
    expect(() => paths.inbox("")).toThrow(TeamNameError);
  });
});

describe("teamsEnabled", () => {
  const on = "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS";
  it("is on with the variable (process or settings env) or keel's teams setting", () => {
    expect(teamsEnabled({ env: {}, settings: {} })).toBe(false);
    expect(teamsEnabled({ env: { [on]: "1" }, settings: {} })).toBe(true);
    expect(teamsEnabled({ env: {}, settings: { env: { [on]: "true" } } })).toBe(true);
    expect(teamsEnabled({ env: {}, settings: { teams: true } })).toBe(true);
    expect(teamsEnabled({ env: {}, settings: { teams: false } })).toBe(false);
  });

  it("is off when a settings file's env says 0, over the process's variable and the setting", () => {
    expect(teamsEnabled({ env: { [on]: "1" }, settings: { env: { [on]: "0" } } })).toBe(false);
    expect(teamsEnabled({ env: {}, settings: { teams: true, env: { [on]: "0" } } })).toBe(false);
  });
});
