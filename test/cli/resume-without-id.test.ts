import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type KeelRun, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let home: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-resume-no-id-")));
  home = await mkdtemp(join(tmpdir(), "keel-resume-no-id-home-"));
});

afterEach(async () => {
  for (const folder of [dir, home]) await rm(folder, { recursive: true, force: true });
});

function keel(args: string[], env: Record<string, string> = {}): Promise<KeelRun> {
  return runKeel(args, {
    cwd: dir,
    env: { HOME: home, KEEL_CONFIG_DIR: join(home, ".keel"), ...env },
  });
}

/** Runs a one-turn session and returns its id. */
async function session(prompt: string): Promise<string> {
  const server = await scriptedServer({ turns: [{ content: "ok" }] });
  const run = await keel(["-p", prompt, "--output-format", "json"], anthropicEnv(server));
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as { session_id: string }).session_id;
}

describe("keel -p --resume without a session id", { timeout: 60_000 }, () => {
  it("is an error that lists the folder's recent sessions, newest first, in every output format", async () => {
    const older = await session("fix the parser");
    const newer = await session("write the docs\nwith examples");
    for (const format of ["text", "json", "stream-json"]) {
      const run = await keel(["-p", "--resume", "--output-format", format]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      const lines = run.stderr.trimEnd().split("\n");
      expect(lines[0]).toBe(
        `keel: --resume needs a session id in print mode (keel -p --resume <session-id>). Recent sessions in ${dir}:`,
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(new RegExp(`^  ${newer}  .+ write the docs with examples$`));
      expect(lines[2]).toMatch(new RegExp(`^  ${older}  .+ fix the parser$`));
    }
  });

  it("with a search term lists only the sessions that have it", async () => {
    await session("fix the parser");
    const docs = await session("write the docs");
    const run = await keel(["-p", "--resume", "DOCS"]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines[0]).toContain(`Recent sessions matching "DOCS" in ${dir}:`);
    expect(lines.slice(1)).toEqual([expect.stringContaining(docs)]);
  });

  it("says there is nothing to resume in a folder without sessions, before asking for a prompt", async () => {
    const run = await keel(["-p", "-r"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `keel: --resume needs a session id in print mode (keel -p --resume <session-id>); there are no sessions in ${dir}\n`,
    );
  });

  it("a session id still resumes (the value is optional, not gone)", async () => {
    const id = await session("remember seven");
    // The scripted model counts turns by the assistant messages sent: the resumed one is turn 2.
    const server = await scriptedServer({ turns: [{ content: "unused" }, { content: "seven" }] });
    const run = await keel(
      ["-p", "which number?", "--resume", id.toUpperCase()],
      anthropicEnv(server),
    );
    expect(run.code).toBe(0);
    expect(JSON.stringify(server.requests[0]?.body)).toContain("remember seven");
    expect(server.violations).toEqual([]);
  });
});
