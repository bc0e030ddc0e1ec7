import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../src/config/paths.js";
import { writeSafetyReason } from "../../src/policy/safety.js";
import { protectedPathReason } from "../../src/tools/builtin/file-io/protected-paths.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let repo: string;
let stateDir: string;

const git = (...args: string[]) =>
  execFileSync("git", args, {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" },
  });

beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), "keel-worktree-repo-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-worktree-state-"));
  git("init", "-q", "-b", "main");
  await writeFile(join(repo, "README.md"), "hello\n");
  git("add", "README.md");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "first");
});

afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

async function keel(args: string[], cwd = repo) {
  const server = await scriptedServer({
    turns: [
      {
        content: [
          {
            type: "tool_use",
            name: "Write",
            input: { file_path: "notes.txt", content: "from the worktree\n" },
          },
        ],
      },
      { content: "Done." },
    ],
  });
  const run = await runKeel(["-p", "write notes", "--permission-mode", "acceptEdits", ...args], {
    cwd,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
  });
  return { run, server };
}

describe("-w/--worktree", () => {
  it("runs the session in a new git worktree on its own branch, under keel's folder", async () => {
    const { run, server } = await keel(["--worktree", "feature"]);
    expect(run.code).toBe(0);
    const path = join(stateDir, "worktrees", sanitizeCwd(repo), "feature");
    expect(run.stderr).toBe(
      `keel: working in a new git worktree ${path} (branch worktree-feature)\n` +
        `keel: kept the worktree ${path} (branch worktree-feature): it has uncommitted changes or untracked files\n`,
    );
    expect(readFileSync(join(path, "notes.txt"), "utf8")).toBe("from the worktree\n");
    expect(existsSync(join(repo, "notes.txt"))).toBe(false);
    expect(readFileSync(join(path, "README.md"), "utf8")).toBe("hello\n");
    expect(git("worktree", "list")).toContain(path);
    expect(git("branch", "--list", "worktree-feature")).toContain("worktree-feature");
    expect(JSON.stringify(server.requests[0]?.body)).toContain(path);
    expect(server.violations).toEqual([]);
  });

  it("uses a worktree of the same name again", async () => {
    await keel(["-w", "again"]);
    const { run } = await keel(["-w", "again"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("keel: working in the git worktree ");
  });

  it("without a git repository, or with a bad name, exits 1 with one line", async () => {
    const plain = await realpath(await mkdtemp(join(tmpdir(), "keel-worktree-plain-")));
    try {
      const { run } = await keel(["-w", "x"], plain);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `keel: --worktree needs a git repository, and ${plain} is not in one\n`,
      );
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
    const { run } = await keel(["--worktree=../escape"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'keel: --worktree: "../escape" is not a worktree name (letters, digits, ., _ and -)\n',
    );
  });
});

describe("writes under keel's state folder", () => {
  const forms = (path: string) => ({ written: path, real: path });
  it("a worktree's files are a working copy; the rest of the state folder stays guarded", () => {
    expect(writeSafetyReason(forms("/srv/state/worktrees/-repo/f/a.txt"), ["/srv/state"])).toBe(
      undefined,
    );
    expect(writeSafetyReason(forms("/srv/state/history.jsonl"), ["/srv/state"])).toBe(
      "it is inside keel's state folder",
    );
    const state = "/home/u/.keel";
    expect(writeSafetyReason(forms("/home/u/.keel/worktrees/-repo/feature/a.txt"), [state])).toBe(
      undefined,
    );
    expect(writeSafetyReason(forms("/home/u/.keel/projects/-repo/s.jsonl"), [state])).toBeDefined();
    expect(writeSafetyReason(forms("/home/u/.keel/worktrees-x/a.txt"), [state])).toBeDefined();
    expect(
      writeSafetyReason(forms("/home/u/.keel/worktrees/-repo/feature/.git"), [state]),
    ).toBeDefined();
  });
});

describe("a worktree under the default ~/.keel", () => {
  it("is a working copy for the file tools too; its .git and .claude stay protected", () => {
    expect(protectedPathReason("/home/u/.keel/worktrees/-repo/feature/src/a.ts")).toBeUndefined();
    expect(protectedPathReason("/home/u/.keel/worktrees/-repo/feature/.git/config")).toBe(
      "it is inside a .git folder",
    );
    expect(protectedPathReason("/home/u/.keel/worktrees/-repo/feature/.claude/settings.json")).toBe(
      "it is inside a .claude folder",
    );
    expect(protectedPathReason("/home/u/.keel/settings.json")).toBe("it is inside a .keel folder");
  });
});
