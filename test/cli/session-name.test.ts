import { readFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listProjectSessions } from "../../src/cli/session-list.js";
import { sessionTranscriptPath } from "../../src/session/transcript/index.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let cwd: string;
let stateDir: string;

beforeEach(async () => {
  cwd = await realpath(await mkdtemp(join(tmpdir(), "keel-name-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-name-state-"));
});

afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

async function keel(args: string[]) {
  const server = await scriptedServer({ turns: [{ content: "Hello." }] });
  return runKeel(args, { cwd, env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir } });
}

describe("-n/--name", () => {
  it("keeps the name in the transcript as Claude Code's custom-title record", async () => {
    const run = await keel(["-p", "hi", "-n", "auth refactor", "--output-format", "json"]);
    expect(run.code).toBe(0);
    const sessionId = JSON.parse(run.stdout).session_id as string;
    const lines = readFileSync(sessionTranscriptPath(stateDir, cwd, sessionId), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string });
    expect(lines).toContainEqual({ type: "custom-title", customTitle: "auth refactor", sessionId });
    const [listed] = await listProjectSessions(stateDir, cwd, "");
    expect(listed).toMatchObject({ sessionId, name: "auth refactor", title: "auth refactor" });
  });

  it("keel -p --resume lists sessions with their names", async () => {
    await keel(["-p", "fix the login bug", "--name", "login"]);
    await keel(["-p", "write the docs"]);
    const run = await keel(["-p", "--resume"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ {2}\S{36} {2}.* \[login\] fix the login bug\n/);
    expect(run.stderr).toMatch(/ {2}\S{36} {2}.* write the docs\n/);
    expect(run.stderr).not.toMatch(/\] write the docs/);
  });
});
