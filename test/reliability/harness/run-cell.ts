import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { type ScriptedServer, startScriptedServer } from "../../../src/model/scripted/server.js";
import type { Message } from "../../../src/protocol/messages.js";
import type { SdkMessage } from "../../../src/session/sdk-messages.js";
import {
  loadConversation,
  readTranscript,
  sessionTranscriptPath,
} from "../../../src/session/transcript/index.js";
import type { AbortTrigger, CellPlan } from "./cell.js";
import { FOLLOW_UP } from "./scenarios.js";
import { type KeelProcess, runKeelInProcess, spawnKeel } from "./spawn-keel.js";

/** A keel run that did not end within this long is wedged (the cell fails, naming it). */
export const CELL_TIMEOUT_MS = 120_000;

/** What a keel run left: exit, output lines, and the server's view of it. */
export interface RunFacts {
  code: number | null;
  timedOut: boolean;
  lines: SdkMessage[];
  stderr: string;
  requests: number;
  /** The request kinds, in arrival order (x-keel-request-kind). */
  kinds: string[];
  violations: ScriptedServer["violations"];
}

/** Everything a cell's checks look at. */
export interface CellFacts {
  run: RunFacts;
  sessionId?: string;
  /** The conversation as the transcript holds it after the faulted run. */
  transcript: Message[];
  /** Labels the Bash calls wrote to ran.log, in order. */
  ran: string[];
  /** The `--resume <id> "continue"` run against the follow-up scenario. */
  resume?: RunFacts;
}

interface CellDirs {
  root: string;
  cwd: string;
  env: Record<string, string>;
}

async function makeDirs(plan: CellPlan): Promise<CellDirs> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "keel-cell-")));
  const cwd = join(root, "work");
  await mkdir(join(cwd, ".claude"), { recursive: true });
  for (const [name, body] of Object.entries(plan.scripts ?? {})) {
    await writeFile(join(cwd, ".claude", name), `${body}\n`);
    await chmod(join(cwd, ".claude", name), 0o755);
  }
  if (plan.hooks) {
    await writeFile(join(cwd, ".claude", "settings.json"), JSON.stringify({ hooks: plan.hooks }));
  }
  const env = {
    HOME: join(root, "home"),
    KEEL_CONFIG_DIR: join(root, "state"),
    KEEL_RETRY_BASE_MS: "1",
    ANTHROPIC_API_KEY: "test-key",
  };
  return { root, cwd, env };
}

function parseLines(stdout: string): SdkMessage[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim().startsWith("{"))
    .map((line) => JSON.parse(line) as SdkMessage);
}

async function reached(
  trigger: AbortTrigger,
  server: ScriptedServer,
  cwd: string,
  keel: KeelProcess,
) {
  if (trigger.on === "file") return existsSync(join(cwd, trigger.name));
  if (trigger.on === "stdout") return keel.stdout().includes(trigger.text);
  const seen = server.requests.filter((r) => !trigger.kind || r.kind === trigger.kind);
  return seen.length >= trigger.count;
}

/**
 * Watches a running keel: releases a held tool or hook once it has started (unless the cell
 * aborts), sends SIGINT once the abort phase is reached. Polls outside state, never a timer
 * standing in for the phase.
 */
async function watch(plan: CellPlan, server: ScriptedServer, cwd: string, keel: KeelProcess) {
  let done = false;
  void keel.exited.then(() => {
    done = true;
  });
  while (!done) {
    if (plan.abortWhen && (await reached(plan.abortWhen, server, cwd, keel))) {
      keel.interrupt();
      return;
    }
    const started = existsSync(join(cwd, "started")) || existsSync(join(cwd, "hook-started"));
    if (!plan.abortWhen && started && !existsSync(join(cwd, "release"))) {
      await writeFile(join(cwd, "release"), "");
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function runOnce(
  scenario: unknown,
  args: string[],
  dirs: CellDirs,
  plan: CellPlan | undefined,
  env: Record<string, string>,
): Promise<RunFacts> {
  const server = await startScriptedServer({ scenario: parseScenario(scenario, "cell") });
  try {
    const start = plan?.abortWhen ? spawnKeel : runKeelInProcess;
    const keel = start(args, dirs.cwd, { ...dirs.env, ...env, ANTHROPIC_BASE_URL: server.url });
    const watching = plan ? watch(plan, server, dirs.cwd, keel) : Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), CELL_TIMEOUT_MS);
    });
    const ended = await Promise.race([keel.exited, timeout]);
    clearTimeout(timer);
    if (ended === "timeout") keel.kill();
    const exit = ended === "timeout" ? await keel.exited : ended;
    await watching;
    return {
      code: exit.code,
      timedOut: ended === "timeout",
      lines: parseLines(keel.stdout()),
      stderr: keel.stderr(),
      requests: server.requests.length,
      kinds: server.requests.map((r) => r.kind ?? "?"),
      violations: [...server.violations],
    };
  } finally {
    await server.close();
  }
}

async function transcriptOf(dirs: CellDirs, sessionId: string): Promise<Message[]> {
  const path = sessionTranscriptPath(dirs.env.KEEL_CONFIG_DIR!, dirs.cwd, sessionId);
  if (!existsSync(path)) return [];
  return loadConversation(await readTranscript(path, { onWarning: () => {} }));
}

async function ranLabels(cwd: string): Promise<string[]> {
  const log = join(cwd, "ran.log");
  if (!existsSync(log)) return [];
  return (await readFile(log, "utf8")).split("\n").filter((line) => line !== "");
}

const PRINT = ["--output-format", "stream-json", "--verbose", "--allowedTools", "Bash"];

/**
 * Runs one cell: `keel -p` (spawned when the cell aborts, else `runCli` in this process)
 * against a scripted server with the cell's scenario, then
 * reads the transcript and resumes the session against the follow-up scenario. Each cell has
 * its own HOME, state folder and working folder, removed afterwards.
 */
export async function runCell(plan: CellPlan): Promise<CellFacts> {
  const dirs = await makeDirs(plan);
  try {
    const args = ["-p", "Run the checks.", ...PRINT, ...(plan.args ?? [])];
    const run = await runOnce(plan.scenario, args, dirs, plan, plan.env ?? {});
    const init = run.lines.find((l) => l.type === "system" && l.subtype === "init");
    const sessionId = init && "session_id" in init ? init.session_id : undefined;
    if (!sessionId) return { run, transcript: [], ran: await ranLabels(dirs.cwd) };
    const transcript = await transcriptOf(dirs, sessionId);
    const ran = await ranLabels(dirs.cwd);
    await rm(join(dirs.cwd, ".claude", "settings.json"), { force: true });
    const resumeArgs = ["-p", "continue", ...PRINT, "--resume", sessionId];
    const resume = await runOnce(FOLLOW_UP, resumeArgs, dirs, undefined, {});
    return { run, sessionId, transcript, ran, resume };
  } finally {
    await rm(dirs.root, { recursive: true, force: true });
  }
}
