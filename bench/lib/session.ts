import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseScenario } from "../../src/model/scripted/scenario.js";
import { type ScriptedServer, startScriptedServer } from "../../src/model/scripted/server.js";
import { executableNodeFlags } from "./node-flags.js";
import { type Exchange, startRecordingProxy } from "./proxy.js";
import type { ScenarioFile } from "./scenarios.js";
import { runTimed, type TimedRun } from "./timed-process.js";

/** A scratch folder for one session: the working folder, keel's state and a home. */
export interface Sandbox {
  root: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  remove(): Promise<void>;
}

/** Makes a sandbox whose environment names no real API key, settings or home. */
export async function makeSandbox(): Promise<Sandbox> {
  const root = await mkdtemp(join(tmpdir(), "keel-bench-"));
  const cwd = join(root, "work");
  const home = join(root, "home");
  await Promise.all([mkdir(cwd), mkdir(home)]);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: "C.UTF-8",
    KEEL_CONFIG_DIR: join(root, "state"),
  };
  return { root, cwd, env, remove: () => rm(root, { recursive: true, force: true }) };
}

/** What one `keel -p` session did. */
export interface SessionRun {
  timed: TimedRun;
  /** Requests as the proxy saw them (empty for `scripted:` runs, which use no HTTP). */
  exchanges: Exchange[];
  /** Validator violations the scripted server recorded. */
  violations: number;
}

/** How to run one session. */
export interface SessionStart {
  cli: string;
  sandbox: Sandbox;
  scenario: ScenarioFile;
  /** `http` runs against the scripted server through the recording proxy; `scripted` in process. */
  transport: "http" | "scripted";
  prompt?: string;
  extraArgs?: readonly string[];
  /** Options for node itself, before the CLI's path (e.g. --cpu-prof). */
  nodeArgs?: readonly string[];
  /** Variables added to the sandbox's environment. */
  env?: NodeJS.ProcessEnv;
  /** Called as each request arrives, with the pid of the keel process (http only). */
  onRequest?: (exchange: Exchange, keelPid: number | undefined) => void;
}

const BASE_ARGS = ["--permission-mode", "bypassPermissions", "--output-format", "text"];

async function withServer<T>(
  scenario: ScenarioFile,
  run: (server: ScriptedServer) => Promise<T>,
): Promise<T> {
  const server = await startScriptedServer({ scenario: parseScenario(scenario, "bench") });
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

/** The executable's own node flags, then the bench's (profiling). */
function nodeArgs(start: SessionStart): string[] {
  return [...executableNodeFlags(start.cli), ...(start.nodeArgs ?? [])];
}

async function runHttp(start: SessionStart, args: string[]): Promise<SessionRun> {
  return withServer(start.scenario, async (server) => {
    const proxy = await startRecordingProxy(server.url);
    let keelPid: number | undefined;
    proxy.onRequest = (exchange) => start.onRequest?.(exchange, keelPid);
    try {
      const timed = await runTimed({
        command: process.execPath,
        args: [...nodeArgs(start), start.cli, ...args, "--model", "claude-sonnet-5"],
        cwd: start.sandbox.cwd,
        env: {
          ...start.sandbox.env,
          ...start.env,
          ANTHROPIC_BASE_URL: proxy.url,
          ANTHROPIC_API_KEY: "bench",
        },
        onPid: (pid) => {
          keelPid = pid;
        },
      });
      return { timed, exchanges: proxy.exchanges, violations: server.violations.length };
    } finally {
      await proxy.close();
    }
  });
}

/** Runs `keel -p` once against a scenario and checks it ended with exit code 0. */
export async function runSession(start: SessionStart): Promise<SessionRun> {
  const args = ["-p", start.prompt ?? "go", ...BASE_ARGS, ...(start.extraArgs ?? [])];
  let run: SessionRun;
  if (start.transport === "http") run = await runHttp(start, args);
  else {
    const file = join(start.sandbox.root, "scenario.json");
    await writeFile(file, JSON.stringify(start.scenario));
    const timed = await runTimed({
      command: process.execPath,
      args: [...nodeArgs(start), start.cli, ...args, "--model", `scripted:${file}`],
      cwd: start.sandbox.cwd,
      env: { ...start.sandbox.env, ...start.env },
    });
    run = { timed, exchanges: [], violations: 0 };
  }
  if (run.timed.code !== 0 || run.violations > 0) {
    throw new Error(
      `keel -p exited ${run.timed.code} with ${run.violations} violations: ${run.timed.stderr.slice(0, 2000)}`,
    );
  }
  return run;
}
