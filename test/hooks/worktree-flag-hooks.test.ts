import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/main.js";
import type { CliOptions } from "../../src/cli/options.js";
import { parseMainOptions } from "../../src/cli/parse-command.js";
import { worktreeSessionHooks } from "../../src/cli/worktree-session-hooks.js";
import { sanitizeCwd } from "../../src/config/paths.js";
import { trustFolder } from "../../src/config/trust/trust-store.js";
import {
  createAgentWorktree,
  finishAgentWorktree,
  type WorktreeHooks,
} from "../../src/worktree/agent-worktree.js";
import { expectHookInput, writeRecordingHook } from "./hook-project.js";

/** A git repository, keel's state folder, and a folder outside both for hook scripts and logs. */
let repo: string;
let stateDir: string;
let outside: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" },
  });

beforeEach(async () => {
  repo = await realpath(await mkdtemp(join(tmpdir(), "keel-wt-hooks-repo-")));
  stateDir = await realpath(await mkdtemp(join(tmpdir(), "keel-wt-hooks-state-")));
  outside = await realpath(await mkdtemp(join(tmpdir(), "keel-wt-hooks-out-")));
  git(repo, "init", "-q", "-b", "main");
  await writeFile(join(repo, "README.md"), "hello\n");
});

afterEach(async () => {
  for (const dir of [repo, stateDir, outside]) await rm(dir, { recursive: true, force: true });
});

/** Commits the project's settings (so the worktree, a checkout, has them too). */
async function commitSettings(settings: object): Promise<void> {
  await mkdir(join(repo, ".claude"), { recursive: true });
  await writeFile(join(repo, ".claude", "settings.json"), JSON.stringify(settings));
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "first");
}

function ioIn(cwd: string) {
  let stderr = "";
  const errors = new PassThrough();
  errors.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const io: CliIo = {
    stdin: Object.assign(new PassThrough().end(""), { isTTY: false }),
    stdout: new PassThrough(),
    stderr: errors,
    env: { PATH: process.env.PATH ?? "", HOME: stateDir, KEEL_CONFIG_DIR: stateDir },
    cwd,
    signal: new AbortController().signal,
  };
  return { io, stderr: () => stderr };
}

/** `keel -p -w <name>` in process, the scripted model taking `turns`. */
async function keelInWorktree(name: string, turns: object[]) {
  const scenario = join(outside, "scenario.json");
  await writeFile(scenario, JSON.stringify({ name: "worktree", turns }));
  const { io, stderr } = ioIn(repo);
  const args = ["-p", "go", "-w", name, "--model", `scripted:${scenario}`];
  const code = await runCli([...args, "--permission-mode", "bypassPermissions"], io);
  return { code, stderr: stderr() };
}

const keelWorktree = (name: string) => join(stateDir, "worktrees", sanitizeCwd(repo), name);
const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command } }],
});

describe("-w: the worktree keel made is removed at the end only when nothing changed in it", () => {
  it("an untouched worktree and its branch are removed, and said so", async () => {
    await commitSettings({});
    const { code, stderr } = await keelInWorktree("clean", [{ content: "nothing to do" }]);
    expect(code).toBe(0);
    const path = keelWorktree("clean");
    expect(stderr).toContain(`keel: removed the worktree ${path}: nothing changed in it\n`);
    expect(existsSync(path)).toBe(false);
    expect(git(repo, "branch", "--list", "worktree-clean")).toBe("");
  });

  it("a worktree with a new commit, or an untracked file, is kept with its branch", async () => {
    await commitSettings({});
    const commit = await keelInWorktree("committed", [
      bash("echo x > a.txt && git add a.txt && git -c user.name=t -c user.email=t@e commit -qm a"),
      { content: "committed" },
    ]);
    const path = keelWorktree("committed");
    expect(commit.stderr).toContain(
      `keel: kept the worktree ${path} (branch worktree-committed): it has new commits\n`,
    );
    expect(git(path, "log", "--format=%s", "-1").trim()).toBe("a");
    const untracked = await keelInWorktree("untracked", [
      bash("echo y > b.txt"),
      { content: "ok" },
    ]);
    expect(untracked.stderr).toContain("it has uncommitted changes or untracked files");
    expect(await readFile(join(keelWorktree("untracked"), "b.txt"), "utf8")).toBe("y\n");
  });
});

describe("-w: WorktreeCreate and WorktreeRemove hooks of the folder keel started in", () => {
  /** Settings whose WorktreeCreate hook makes a git worktree of its own and prints its path. */
  async function hookSettings(createAfter: string) {
    const made = join(outside, "hook-made");
    const create = await writeRecordingHook(outside, {
      file: join(outside, "create.json"),
      name: "create.sh",
      after: createAfter.replaceAll("$MADE", made),
    });
    const remove = await writeRecordingHook(outside, {
      file: join(outside, "remove.json"),
      name: "remove.sh",
      after: `git -C "${repo}" worktree remove --force "${made}"`,
    });
    const start = await writeRecordingHook(outside, {
      file: join(outside, "start.json"),
      name: "start.sh",
    });
    const entry = (command: string) => [{ hooks: [{ type: "command", command }] }];
    await commitSettings({
      hooks: {
        WorktreeCreate: entry(create),
        WorktreeRemove: entry(remove),
        SessionStart: entry(start),
      },
    });
    return made;
  }

  it("a hook that prints a path makes the worktree; the session runs there; WorktreeRemove is told", async () => {
    const made = await hookSettings(
      `git -C "${repo}" worktree add -q -b hooked "$MADE" HEAD >/dev/null 2>&1; echo "$MADE"`,
    );
    const { code, stderr } = await keelInWorktree("by-hook", [{ content: "fine" }]);
    expect(code).toBe(0);
    expect(stderr).toContain(`keel: working in ${made}, which a WorktreeCreate hook made\n`);
    const created = JSON.parse(await readFile(join(outside, "create.json"), "utf8"));
    expectHookInput(created, { event: "WorktreeCreate", cwd: repo, fields: ["name"] });
    expect(created.name).toBe("by-hook");
    const started = JSON.parse(await readFile(join(outside, "start.json"), "utf8"));
    // The session took the id WorktreeCreate was given, and runs in the hook's folder.
    expect(started).toMatchObject({ cwd: made, session_id: created.session_id });
    const removed = JSON.parse(await readFile(join(outside, "remove.json"), "utf8"));
    expectHookInput(removed, {
      event: "WorktreeRemove",
      cwd: repo,
      sessionId: created.session_id,
      fields: ["worktree_path"],
    });
    expect(removed.worktree_path).toBe(made);
    expect(existsSync(made)).toBe(false);
    expect(existsSync(keelWorktree("by-hook"))).toBe(false);
  });

  it("a failing WorktreeCreate hook stops the start: exit 1, one line naming the hook", async () => {
    await hookSettings("echo 'no room for worktrees' >&2; exit 1");
    const { code, stderr } = await keelInWorktree("refused", [{ content: "never" }]);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^keel: --worktree: a WorktreeCreate hook failed: .*no room for worktrees/m,
    );
    expect(existsSync(join(outside, "start.json"))).toBe(false);
    expect(existsSync(keelWorktree("refused"))).toBe(false);
  });

  it("in the REPL an untrusted folder's own hooks stay off until it is trusted", async () => {
    await hookSettings(`echo "$MADE"`);
    const { io, stderr } = ioIn(repo);
    const options = (await parseMainOptions(["-w", "x"], io)) as CliOptions;
    expect(await worktreeSessionHooks(options, io, "s-1")).toBeUndefined();
    expect(stderr()).toContain(
      `keel: ${repo} is not trusted yet, so its own WorktreeCreate/WorktreeRemove hooks stay off`,
    );
    await trustFolder(stateDir, repo, new Date(0));
    const hooks = await worktreeSessionHooks(options, io, "s-1");
    expect(await hooks?.create("x", new AbortController().signal)).toEqual({
      kind: "path",
      path: join(outside, "hook-made"),
    });
  });
});

describe("a worktree a WorktreeCreate hook made keeps the work left in it", () => {
  it("with a new commit it is kept and WorktreeRemove is not told", async () => {
    await commitSettings({});
    const made = join(outside, "hooked");
    git(repo, "worktree", "add", "-q", "-b", "hooked", made, "HEAD");
    const removed: string[] = [];
    const hooks: WorktreeHooks = {
      create: async () => ({ kind: "path", path: made }),
      remove: async (path) => void removed.push(path),
    };
    const signal = new AbortController().signal;
    const worktree = await createAgentWorktree(repo, { stateDir, hooks }, signal);
    git(made, "commit", "-q", "--allow-empty", "-m", "work");
    const end = await finishAgentWorktree(worktree, { stateDir, hooks }, signal);
    expect(end).toEqual({ kept: true, path: made, reason: "it has new commits" });
    expect(removed).toEqual([]);
    expect(git(made, "log", "--format=%s", "-1").trim()).toBe("work");
  });
});
