import { mkdtemp, rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { loadSettings } from "../config/settings/load.js";
import type { ModelProvider } from "../model/provider.js";
import { createPermissionEngine } from "../policy/engine.js";
import { createHeadlessCanUseTool } from "../policy/headless.js";
import { ask } from "../session/ask.js";
import type { SdkMessage } from "../session/sdk-messages.js";
import { nodeProcessProbe, type ProcessProbe } from "../tasks/process-probe.js";
import { createBackgroundShells } from "../tools/background/index.js";
import { isWithinFolder } from "../tools/builtin/file-paths.js";
import { createBuiltinTools } from "../tools/builtin/index.js";
import type { CanUseTool } from "../tools/context.js";
import type { BashSandbox } from "../tools/sandbox/bash-sandbox.js";
import type { AnyTool } from "../tools/tool.js";
import { backupMemory } from "./dream-backup.js";
import { acquireDreamLock } from "./dream-lock.js";
import { dreamRequest, dreamSystemPrompt } from "./dream-prompt.js";
import { dreamSandbox } from "./dream-sandbox.js";
import {
  diffSnapshots,
  type MemoryChanges,
  removeEmptied,
  snapshotMemory,
} from "./memory-snapshot.js";

/** The tools a dreaming agent has: reading, searching, read-only Bash, edits in the folder. */
const DREAM_TOOLS = new Set(["Read", "Grep", "Glob", "Bash", "Edit", "Write"]);

/** Read outside the memory folder returns at most this many lines (transcripts are big). */
export const DREAM_READ_LINE_CAP = 200;

/** One dream pass over a memory folder. */
export interface DreamPassOptions {
  memoryDir: string;
  stateDir: string;
  /** The recent transcripts the agent may search. */
  transcripts: readonly string[];
  /** A model string (default keel's) or a provider (tests, custom transports). */
  model?: string;
  provider?: ModelProvider;
  env?: Readonly<Record<string, string | undefined>>;
  /** The time, injected: the backup's name and the lock's new mtime come from it. */
  now: () => number;
  pid?: number;
  probe?: Pick<ProcessProbe, "alive">;
  maxTurns?: number;
  /**
   * The session's Bash sandbox: the dream's Bash runs under it (as the session's mode says),
   * writing only inside the memory folder. Without it, Bash runs what the read-only verdict
   * allows, in keel's read-only jail where bubblewrap is installed.
   */
  sandbox?: BashSandbox;
  signal?: AbortSignal;
  onMessage?: (message: SdkMessage) => void;
}

/** How a pass ended. */
export type DreamOutcome =
  | {
      type: "done";
      /** The one line a person sees: what changed and where the backup is. */
      summary: string;
      changes: MemoryChanges;
      backup: string;
      /** The agent's own closing words. */
      agentSummary: string;
    }
  | { type: "busy"; holderPid: number };

/**
 * Runs a dream: takes the folder's lock, backs the folder up, lets the dreaming agent rewrite
 * it (writes confined to the folder by the permission engine and, given one, the session's
 * sandbox; Bash read-only unless that sandbox lets it run; Read capped),
 * deletes the topic files it emptied, and stamps the lock. A failure rolls the lock back and
 * is thrown; the backup stays.
 */
export async function runDreamPass(options: DreamPassOptions): Promise<DreamOutcome> {
  const attempt = await acquireDreamLock(
    options.memoryDir,
    options.pid ?? process.pid,
    options.probe ?? nodeProcessProbe,
    options.now(),
  );
  if (attempt.type === "held") return { type: "busy", holderPid: attempt.pid };
  try {
    const before = await snapshotMemory(options.memoryDir);
    const backup = await backupMemory(options.memoryDir, options.now());
    const agentSummary = await runDreamAgent(options);
    const removed = await removeEmptied(options.memoryDir, await snapshotMemory(options.memoryDir));
    const changes = diffSnapshots(before, await snapshotMemory(options.memoryDir));
    await attempt.lock.complete(options.now());
    const summary = summaryLine(changes, backup, removed.length);
    return { type: "done", summary, changes, backup, agentSummary };
  } catch (error) {
    await attempt.lock.rollback();
    throw error;
  }
}

function summaryLine(changes: MemoryChanges, backup: string, emptied: number): string {
  const { added, removed, changed } = changes;
  const none = added.length + removed.length + changed.length === 0;
  const what = none
    ? "no memory files changed"
    : `merged or rewrote ${changed.length}, removed ${removed.length}${emptied ? ` (${emptied} emptied)` : ""}, added ${added.length} memory files`;
  return `Dream: ${what}; backup at ${backup}`;
}

async function runDreamAgent(options: DreamPassOptions): Promise<string> {
  const env = options.env ?? process.env;
  const home = env.HOME ?? homedir();
  const { memoryDir, stateDir } = options;
  const sessionDir = await mkdtemp(join(tmpdir(), "keel-dream-"));
  const shells = createBackgroundShells({ cwd: memoryDir, sessionDir, stateDir, env });
  try {
    const tools = createBuiltinTools(
      { cwd: memoryDir, sessionDir, stateDir, env },
      {
        backgroundShells: shells,
        ...(options.sandbox ? { sandbox: dreamSandbox(options.sandbox) } : {}),
      },
    ).filter((tool) => DREAM_TOOLS.has(tool.name));
    const canUseTool = await dreamCanUseTool(options, env, home);
    const { result } = await ask({
      prompt: dreamRequest(memoryDir, options.transcripts),
      cwd: memoryDir,
      env,
      tools,
      canUseTool,
      permissionMode: "dontAsk",
      systemPrompt: dreamSystemPrompt(memoryDir),
      maxTurns: options.maxTurns ?? 30,
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(options.provider === undefined ? {} : { provider: options.provider }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.onMessage === undefined ? {} : { onMessage: options.onMessage }),
    });
    if (result.subtype !== "success")
      throw new Error(`the dreaming agent stopped: ${result.subtype}`);
    return result.result ?? "";
  } finally {
    await shells.dispose();
    await rm(sessionDir, { recursive: true, force: true });
  }
}

/**
 * The agent's permissions: the engine with only the settings' deny rules (an allow rule of the
 * user's must not widen a dream), its working folder and memory folder both the memory folder,
 * asks refused; and Read of anything outside the folder capped at DREAM_READ_LINE_CAP lines.
 */
async function dreamCanUseTool(
  options: DreamPassOptions,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): Promise<CanUseTool> {
  const { memoryDir, stateDir } = options;
  const settings = await loadSettings({ home, stateDir, cwd: memoryDir, cli: {} });
  const engine = createPermissionEngine({
    settings: { ...settings, rules: settings.rules.filter((rule) => rule.behavior === "deny") },
    cwd: memoryDir,
    stateDir,
    memoryDir,
    home,
    env,
  });
  const decide = createHeadlessCanUseTool(engine);
  return async (tool: AnyTool, input, ...rest) => {
    const uncapped = readCapProblem(tool.name, input, memoryDir);
    if (uncapped) return { behavior: "deny", message: uncapped };
    return decide(tool, input, ...rest);
  };
}

function readCapProblem(
  toolName: string,
  input: Record<string, unknown>,
  memoryDir: string,
): string | undefined {
  if (toolName !== "Read") return undefined;
  const path = typeof input.file_path === "string" ? input.file_path : "";
  if (isWithinFolder(path, memoryDir)) return undefined;
  const limit = typeof input.limit === "number" ? input.limit : undefined;
  if (limit !== undefined && limit <= DREAM_READ_LINE_CAP) return undefined;
  return `A dream reads files outside the memory folder ${DREAM_READ_LINE_CAP} lines at a time at most: search with Grep, or pass limit (≤ ${DREAM_READ_LINE_CAP}).`;
}
