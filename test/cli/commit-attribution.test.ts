import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attributionText, DEFAULT_ATTRIBUTION } from "../../src/session/commit-instructions.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-attribution-")));
  await mkdir(join(dir, ".claude"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The system prompt keel -p sends with these project settings. */
async function systemPrompt(settings: Record<string, unknown>, args: string[] = []) {
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify(settings));
  const server = await scriptedServer({ turns: [{ content: "Hello." }] });
  const run = await runKeel(["-p", "hi", ...args], { cwd: dir, env: anthropicEnv(server) });
  expect(run.code).toBe(0);
  expect(run.stderr).toBe("");
  expect(server.violations).toEqual([]);
  return JSON.stringify((server.requests[0]?.body as { system?: unknown } | undefined)?.system);
}

describe("attribution, includeCoAuthoredBy and includeGitInstructions", () => {
  it("by default the prompt asks commits and pull requests to end with keel's line", async () => {
    const system = await systemPrompt({});
    expect(system).toContain("# Commits and pull requests");
    expect(system).toContain(
      `End commit messages with, after a blank line:\\n${DEFAULT_ATTRIBUTION}`,
    );
    expect(system).toContain(
      `End pull request descriptions with, after a blank line:\\n${DEFAULT_ATTRIBUTION}`,
    );
  });

  it("attribution's own texts replace it; an empty one asks for none", async () => {
    const system = await systemPrompt({
      attribution: { commit: "Co-Authored-By: Robot <robot@example.com>", pr: "" },
    });
    expect(system).toContain(
      "End commit messages with, after a blank line:\\nCo-Authored-By: Robot <robot@example.com>",
    );
    expect(system).toContain(
      'Add no attribution to pull request descriptions (no \\"Generated with\\"',
    );
    expect(system).not.toContain(DEFAULT_ATTRIBUTION);
  });

  it("includeCoAuthoredBy: false asks for no attribution at all", async () => {
    const system = await systemPrompt({ includeCoAuthoredBy: false });
    expect(system).toContain("Add no attribution to commit messages");
    expect(system).toContain("Add no attribution to pull request descriptions");
  });

  it("includeGitInstructions: false, --tools without Bash, or --system-prompt leave the section out", async () => {
    expect(await systemPrompt({ includeGitInstructions: false })).not.toContain("# Commits");
    expect(await systemPrompt({}, ["--tools", "Read"])).not.toContain("# Commits");
    expect(await systemPrompt({}, ["--system-prompt", "Be brief."])).not.toContain("# Commits");
  });

  it("attribution wins over includeCoAuthoredBy, as in Claude Code", () => {
    expect(attributionText({ attribution: true, includeCoAuthoredBy: false }).commit).toBe(
      DEFAULT_ATTRIBUTION,
    );
    expect(attributionText({ attribution: false })).toEqual({ commit: "", pr: "" });
    expect(attributionText({ attribution: { pr: "PR by a bot" } })).toEqual({
      commit: DEFAULT_ATTRIBUTION,
      pr: "PR by a bot",
    });
  });
});
