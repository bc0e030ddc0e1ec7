import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../src/config/paths.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let repo: string;
let home: string;
let state: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), "keel-agent-iso-"));
  home = await mkdtemp(join(tmpdir(), "keel-agent-iso-home-"));
  state = await mkdtemp(join(tmpdir(), "keel-agent-iso-state-"));
  git("init", "-q", "-b", "main");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "T");
  await writeFile(join(repo, "a.txt"), "one\n");
  git("add", "a.txt");
  git("commit", "-q", "-m", "first");
});

afterEach(async () => {
  for (const folder of [repo, home, state]) await rm(folder, { recursive: true, force: true });
});

const toolUse = (name: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  name,
  input,
});

describe("keel -p: an Agent call with isolation worktree and no run_in_background", () => {
  it("runs in the background by default, writes in its own worktree (acceptEdits), and the kept worktree reaches the model", async () => {
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        {
          content: [
            toolUse("Agent", {
              description: "Add a note",
              prompt: "Add note.txt.",
              isolation: "worktree",
            }),
          ],
        },
        { content: "Launched the agent." },
        { content: "The agent added note.txt in its worktree." },
      ],
      agents: {
        "general-purpose": {
          turns: [
            { content: [toolUse("Write", { file_path: "note.txt", content: "noted\n" })] },
            { content: "Added note.txt." },
          ],
        },
      },
    });
    const run = await runKeel(["-p", "add a note", "--permission-mode", "acceptEdits"], {
      cwd: repo,
      env: { ...anthropicEnv(server), HOME: home, KEEL_CONFIG_DIR: state },
    });
    expect(server.violations).toEqual([]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);

    const folder = join(state, "worktrees", sanitizeCwd(repo));
    const [name] = await readdir(folder);
    const worktree = join(folder, name!);
    expect(await readFile(join(worktree, "note.txt"), "utf8")).toBe("noted\n");
    expect(git("status", "--porcelain")).toBe("");

    const main = server.requests
      .filter((r) => r.agent === "main")
      .map((r) => JSON.stringify(r.body));
    expect(main[1]).toContain("is running in the background as task");
    const told = main.find((body) => body.includes("<task-notification>"));
    expect(told).toContain(`kept at ${worktree} on branch worktree-${name}`);
    const tasks = await readdir(join(state, "tasks"));
    const meta = JSON.parse(await readFile(join(state, "tasks", tasks[0]!, "meta.json"), "utf8"));
    expect(meta).toMatchObject({ kind: "local_agent", status: "completed" });
  });
});
