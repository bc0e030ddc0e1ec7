import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEEL_NODE_ARGS, type KeelRun } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { REPL_PROMPT } from "./repl/pty-repl.js";
import { exitWithCtrlC, type PtyScreen, spawnInPty, typeLine } from "./repl/pty-screen.js";

/**
 * Root ignores permission bits, so a HOME of mode 0555 would not stop a keel run as root. As
 * root, keel runs in bubblewrap with HOME bound read-only instead: the kernel refuses the write
 * (EROFS), as for any HOME on a read-only mount. (Running keel as another user would need the
 * checkout's every parent folder open to that user, which a CI clone in a private temp folder
 * is not.) As another user, the folder's mode alone denies it (EACCES).
 */
const AS_ROOT = process.getuid?.() === 0;
const HOME_CAUSE = AS_ROOT ? "read-only file system" : "permission denied";
const SLOW = 40_000;

let base: string;
/** A HOME keel may read but not write (mode 0555), so `~/.keel` cannot be made. */
let home: string;
let project: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "keel-unwritable-"));
  home = join(base, "home");
  project = join(base, "project");
  await mkdir(home);
  await mkdir(project);
  // Readable and enterable by the user keel runs as; only HOME is not writable.
  for (const folder of [base, project]) await chmod(folder, 0o755);
  await chmod(home, 0o555);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** The program and arguments that run the built keel with `args`, HOME unwritable to it. */
function keelCommand(args: string[]): [string, string[]] {
  const keel = [process.execPath, ...KEEL_NODE_ARGS, ...args];
  if (!AS_ROOT) return [process.execPath, keel.slice(1)];
  return ["bwrap", ["--dev-bind", "/", "/", "--ro-bind", home, home, "--", ...keel]];
}

/** Runs the built keel -p in the project folder, HOME unwritable to it. */
function keelAsUser(args: string[], env: Record<string, string>): Promise<KeelRun> {
  const [file, argv] = keelCommand(args);
  const child = spawn(file, argv, {
    cwd: project,
    env: { PATH: process.env.PATH ?? "", HOME: home, KEEL_RETRY_BASE_MS: "1", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  child.stdin.end();
  return new Promise((resolve) => {
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const refusal = (stateDir: string, cause: string) =>
  `keel: cannot write keel's state folder ${stateDir} (${cause}): run with --no-session-persistence, or set KEEL_CONFIG_DIR to a folder keel can write\n`;

describe("keel -p with a state folder it cannot write", { timeout: 60_000 }, () => {
  it("an unwritable HOME: one line naming ~/.keel and --no-session-persistence, which then works", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }, { content: "Again." }] });
    const refused = await keelAsUser(["-p", "hi"], anthropicEnv(server));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(refusal(join(home, ".keel"), HOME_CAUSE));
    expect(refused.stdout).toBe("");
    expect(server.requests).toHaveLength(0);

    const ran = await keelAsUser(["-p", "hi", "--no-session-persistence"], anthropicEnv(server));
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe("Hello.\n");
    expect(await readdir(home)).toEqual([]);
    expect(server.violations).toEqual([]);
  });

  it("a KEEL_CONFIG_DIR below a file (ENOTDIR): the same one line, and the same way out", async () => {
    const file = join(base, "file.txt");
    await writeFile(file, "not a folder");
    const stateDir = join(file, "keel");
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const env = { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir };
    const refused = await keelAsUser(["-p", "hi", "--output-format", "json"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(refusal(stateDir, "part of its path is a file"));
    expect(refused.stdout).toBe("");
    const ran = await keelAsUser(["-p", "hi", "--no-session-persistence"], env);
    expect(ran.stderr).toBe("");
    expect(ran.stdout).toBe("Hello.\n");
  });
});

describe("the REPL with a state folder it cannot write, in a real pseudo-terminal", {
  timeout: 120_000,
}, () => {
  const screens: PtyScreen[] = [];
  afterEach(async () => {
    for (const screen of screens.splice(0)) {
      screen.kill();
      await screen.exited;
    }
  });
  const repl = (args: string[], env: Record<string, string>) => {
    const [file, argv] = keelCommand(args);
    const screen = spawnInPty(file, argv, {
      cwd: project,
      env: { PATH: process.env.PATH ?? "", HOME: home, TERM: "xterm-256color", ...env },
    });
    screens.push(screen);
    return screen;
  };

  it("stops before the screen with the one line; with --no-session-persistence it runs", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello from the REPL." }] });
    const refused = repl([], anthropicEnv(server));
    expect(await refused.exited).toBe(1);
    const said = refused.lines().join("\n");
    expect(said).toContain(`cannot write keel's state folder ${join(home, ".keel")}`);
    expect(said).toContain("--no-session-persistence");
    expect(said).not.toContain(REPL_PROMPT);

    const running = repl(["--no-session-persistence"], anthropicEnv(server));
    await running.waitFor((s) => s.includes(REPL_PROMPT), "the prompt", SLOW);
    await typeLine(running, "hi", SLOW);
    const answered = await running.waitFor(
      (s) => s.includes("Hello from the REPL."),
      "the answer",
      SLOW,
    );
    expect(answered).not.toMatch(/EACCES|EROFS|permission denied|read-only file system/i);
    expect(await exitWithCtrlC(running, SLOW)).toBe(0);
    expect(await readdir(home)).toEqual([]);
    expect(server.violations).toEqual([]);
  });

  it("a folder trusted with --no-session-persistence is trusted for the session, the answer not saved", async () => {
    await mkdir(join(project, ".claude"), { mode: 0o755 });
    await writeFile(join(project, ".claude", "settings.json"), '{"env": {"GREETING": "hi"}}');
    const server = await scriptedServer({ turns: [{ content: "Trusted and running." }] });
    const running = repl(["--no-session-persistence"], anthropicEnv(server));
    await running.waitFor((s) => s.includes("1. Yes, I trust this folder"), "the question", SLOW);
    running.write("1");
    const opened = await running.waitFor((s) => s.includes(REPL_PROMPT), "the prompt", SLOW);
    expect(opened.replace(/\s+/g, " ")).toContain("for this session only (not saved:");
    await typeLine(running, "hi", SLOW);
    await running.waitFor((s) => s.includes("Trusted and running."), "the answer", SLOW);
    expect(await exitWithCtrlC(running, SLOW)).toBe(0);
    expect(await readdir(home)).toEqual([]);
  });
});
