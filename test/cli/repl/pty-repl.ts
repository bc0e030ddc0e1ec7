import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { trustFolder } from "../../../src/config/trust/trust-store.js";
import type { ScriptedServer } from "../../../src/model/scripted/server.js";
import { KEEL_NODE_ARGS } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { type PtyScreen, spawnInPty } from "./pty-screen.js";

/** The REPL's prompt hint: once it shows, the REPL reads keys. */
export const REPL_PROMPT = "/help for commands";

/** A test file's built-CLI-in-a-pty set-up: fresh folders per test, keel killed after it. */
export interface PtyRepl {
  /** The project folder keel runs in (its real path, as keel records it). */
  readonly dir: string;
  /** The HOME keel sees. */
  readonly home: string;
  /** keel's state folder (KEEL_CONFIG_DIR), inside `home`. */
  readonly stateDir: string;
  /**
   * Spawns the built keel in a pty in `dir` (or `cwd`, e.g. a folder below it) with `args` and
   * `extraEnv`; does not wait.
   */
  spawn(
    args: string[],
    extraEnv?: Record<string, string>,
    cwd?: string,
    size?: TerminalSize,
  ): PtyScreen;
  /**
   * Spawns a shell in a pty that runs `script` (printing lines, say) and then becomes the built
   * keel with `args` and `extraEnv`, as a person starting keel in a terminal already in use.
   */
  spawnAfterShell(
    script: string,
    args: string[],
    extraEnv?: Record<string, string>,
    size?: TerminalSize,
  ): PtyScreen;
  /** Records `dir` as trusted, as a person who said yes before (the trust question stays away). */
  trust(): Promise<void>;
  /** Starts a scripted server for `scenario` and keel against it; resolves once the prompt shows. */
  start(
    scenario: unknown,
    args?: string[],
    timeoutMs?: number,
    size?: TerminalSize,
  ): Promise<{ server: ScriptedServer; screen: PtyScreen }>;
}

/** `word` quoted for bash. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** A terminal's size in character cells. */
export interface TerminalSize {
  cols: number;
  rows: number;
}

/** The sizes issue 25's screen tests run at. */
export const TERMINAL_SIZES: readonly TerminalSize[] = [
  { cols: 80, rows: 24 },
  { cols: 120, rows: 40 },
  { cols: 200, rows: 60 },
];

/** True when the pty tests run at every size and write mode (KEEL_PTY_FULL=1), as after a
 * change to the REPL's drawing or keys; by default each file runs a sample. */
export const PTY_FULL = process.env.KEEL_PTY_FULL === "1";

/**
 * The sizes a screen test file runs at: every one with KEEL_PTY_FULL=1, else those given by
 * index (each file names its own, so that a default run still draws at every size somewhere
 * and the suite keeps within its time on two cores).
 */
export function sizesToRun(...sample: number[]): readonly TerminalSize[] {
  return PTY_FULL ? TERMINAL_SIZES : TERMINAL_SIZES.filter((_, index) => sample.includes(index));
}

/**
 * Registers the per-test set-up and clean-up (temp project and HOME, keel processes) of a
 * pty REPL test file; call it once at the top of the file. `prefix` names the temp folders.
 */
export function usePtyRepl(prefix: string): PtyRepl {
  let dir = "";
  let home = "";
  const screens: PtyScreen[] = [];
  beforeEach(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), `${prefix}-`)));
    home = await mkdtemp(join(tmpdir(), `${prefix}-home-`));
  });
  afterEach(async () => {
    for (const screen of screens.splice(0)) {
      screen.kill();
      await screen.exited;
    }
    await rm(dir, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  });
  const stateDir = () => join(home, ".keel");
  const envOf = (extraEnv: Record<string, string>): Record<string, string> => ({
    PATH: process.env.PATH ?? "",
    HOME: home,
    TERM: "xterm-256color",
    KEEL_CONFIG_DIR: stateDir(),
    // Retries (none expected) would otherwise wait real seconds.
    KEEL_RETRY_BASE_MS: "1",
    // A test answers a permission dialog as soon as it shows; the guard's own tests set it.
    KEEL_DIALOG_KEY_GUARD_MS: "0",
    ...extraEnv,
  });
  const spawnProgram = (
    file: string,
    args: string[],
    options: Parameters<typeof spawnInPty>[2],
  ) => {
    const screen = spawnInPty(file, args, options);
    screens.push(screen);
    return screen;
  };
  const spawn = (
    args: string[],
    extraEnv: Record<string, string> = {},
    cwd = dir,
    size?: TerminalSize,
  ) => {
    const env = envOf(extraEnv);
    return spawnProgram(process.execPath, [...KEEL_NODE_ARGS, ...args], { cwd, env, ...size });
  };
  const spawnAfterShell = (
    script: string,
    args: string[],
    extraEnv: Record<string, string> = {},
    size?: TerminalSize,
  ) => {
    const keel = [process.execPath, ...KEEL_NODE_ARGS, ...args].map(shellQuote).join(" ");
    const env = envOf(extraEnv);
    return spawnProgram("bash", ["-c", `${script}\nexec ${keel}`], { cwd: dir, env, ...size });
  };
  return {
    get dir() {
      return dir;
    },
    get home() {
      return home;
    },
    get stateDir() {
      return stateDir();
    },
    spawn,
    spawnAfterShell,
    trust: async () => {
      await trustFolder(stateDir(), dir, new Date(0));
    },
    start: async (scenario, args = [], timeoutMs, size) => {
      const server = await scriptedServer(scenario);
      const screen = spawn(args, anthropicEnv(server), dir, size);
      await screen.waitFor((s) => s.includes(REPL_PROMPT), "the prompt", timeoutMs);
      return { server, screen };
    },
  };
}
