import { homedir } from "node:os";
import { resolve } from "node:path";
import { envFlag } from "../../../config/env-flag.js";
import { type BackgroundShells, createBackgroundShells } from "../../background/index.js";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { ToolCallContext } from "../../context.js";
import type { BashSandbox } from "../../sandbox/bash-sandbox.js";
import { protectedPlaces } from "../../sandbox/runtime-config.js";
import { realFileSystem } from "../../shell-effects/index.js";
import type { Tool } from "../../tool.js";
import type { Confinement } from "./confinement.js";
import { bashDescription } from "./description.js";
import { checkBashInput } from "./input-check.js";
import { bashLimits } from "./limits.js";
import type { SignalGroup } from "./process-group.js";
import { ReadOnlyCheck, type ReadOnlyPlaces } from "./read-only-check.js";
import { jailFor, programOnPath } from "./read-only-jail.js";
import { bashToolResult } from "./result.js";
import { startInBackground } from "./run-background.js";
import { type BashRunner, runBash } from "./run-bash.js";
import type { ProcessTiming } from "./run-process.js";
import { type BashInput, type BashOutput, bashInputSchema } from "./schema.js";
import { WorkingDirectory } from "./working-directory.js";

/** Room in a result for the markers and notes around the capped output. */
const RESULT_HEADROOM = 2_000;

/** Injected behaviour (tests shorten the waits; hosts may observe signals). */
export interface BashToolOptions {
  now?: () => number;
  /** The shell to run (default "bash", found on the session's PATH). */
  shell?: string;
  /** How often progress is reported while a command runs (default 250 ms: REPLs show it live). */
  progressIntervalMs?: number;
  timing?: Partial<ProcessTiming>;
  signalGroup?: SignalGroup;
  /**
   * The session's background shells, shared with TaskOutput and TaskStop (createBuiltinTools
   * passes one). Without it the tool keeps a private registry that only it can reach.
   */
  backgroundShells?: BackgroundShells;
  /**
   * Which foreground commands run in a read-only bubblewrap jail where `bwrap` is on PATH:
   * those the read-only verdict allows (default), none, or every one (a test switch that
   * shows the jail alone holds, whatever the verdict).
   */
  jail?: "read-only" | "off" | "everything";
  /**
   * Claude Code's `sandbox` settings: calls it covers run in Anthropic's sandbox runtime (and,
   * with autoAllowBashIfSandboxed, need no permission of their own).
   */
  sandbox?: BashSandbox;
}

const DEFAULT_TIMING: ProcessTiming = { drainGraceMs: 300, maxDrainMs: 5_000, killGraceMs: 1_000 };

/**
 * The Bash tool of one session: runs commands in bash in their own process group; the
 * working directory persists across calls (and is where the permission engine judges the
 * next command from); read-only commands (decided by parsing) are concurrency-safe.
 */
export function createBashTool(
  config: BuiltinToolsConfig,
  options: BashToolOptions = {},
): Tool<BashInput, BashOutput> {
  const limits = bashLimits(config.env);
  const workingDirectory = new WorkingDirectory(
    config.cwd,
    envFlag(config.env.CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR),
  );
  const readOnly = new ReadOnlyCheck();
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const runner: BashRunner = {
    limits,
    sessionDir: resolve(config.sessionDir),
    env: definedEntries(config.env),
    workingDirectory,
    shell: options.shell ?? "bash",
    timing,
    progressIntervalMs: options.progressIntervalMs ?? 250,
    now: options.now ?? Date.now,
    ...(options.signalGroup ? { signalGroup: options.signalGroup } : {}),
    backgroundShells:
      options.backgroundShells ??
      createBackgroundShells(config, {
        killGraceMs: timing.killGraceMs,
        ...(options.signalGroup ? { signalGroup: options.signalGroup } : {}),
      }),
  };
  const home = config.env.HOME ?? homedir();
  const places = (): ReadOnlyPlaces => ({
    cwd: workingDirectory.path,
    home,
    env: config.env,
    fs: realFileSystem,
    folders: [config.cwd, config.stateDir],
  });
  const workingFolders = (context: ToolCallContext) => [
    context.options.cwd,
    ...context.options.additionalDirectories,
  ];
  /** The sandbox the settings put this call in, if they do. */
  const sandboxFor = async (
    input: BashInput,
    context: ToolCallContext,
  ): Promise<Extract<Confinement, { kind: "sandbox" }> | undefined> => {
    const { sandbox } = options;
    if (!sandbox || !(await sandbox.covers(input, workingDirectory.path))) return undefined;
    const shellPath = programOnPath(runner.shell, config.env.PATH) ?? runner.shell;
    const places = {
      writable: workingFolders(context),
      protectedWrites: protectedPlaces(workingFolders(context), config.stateDir),
      hidden: context.options.readDenial?.hiddenPaths() ?? [],
    };
    return { kind: "sandbox", sandbox, shellPath, places };
  };
  /** keel's read-only jail, for a command the read-only verdict allows. */
  const jailOf = async (
    input: BashInput,
    context: ToolCallContext,
  ): Promise<Confinement | undefined> => {
    const plan = await jailFor({
      mode: options.jail ?? "read-only",
      path: config.env.PATH,
      shell: runner.shell,
      readOnly: () => readOnly.isReadOnly(input.command, places()),
      keep: [...workingFolders(context), config.stateDir, workingDirectory.path],
      writable: [],
      hidden: () => context.options.readDenial?.hiddenPaths() ?? [],
    });
    return plan && { kind: "jail", plan };
  };
  return {
    name: "Bash",
    description: bashDescription(limits),
    inputSchema: bashInputSchema,
    maxResultSizeChars: limits.maxOutputChars + RESULT_HEADROOM,
    isReadOnly(input) {
      return readOnly.isReadOnly(input.command, places());
    },
    isConcurrencySafe(input) {
      return readOnly.isReadOnly(input.command, places());
    },
    currentDirectory: () => workingDirectory.path,
    async validateInput(input) {
      return checkBashInput(input, limits);
    },
    async checkPermissions(input) {
      const { sandbox } = options;
      if (!sandbox?.mode().autoAllow) return { behavior: "passthrough" };
      const covered = await sandbox.covers(input, workingDirectory.path);
      return covered ? { behavior: "allow", sandboxed: true } : { behavior: "passthrough" };
    },
    async call(input, context, onProgress) {
      const call = { toolUseId: context.toolUseId, signal: context.signal, onProgress };
      const sandboxed = await sandboxFor(input, context);
      if (input.run_in_background === true) {
        return { data: await startInBackground(input, call, runner, sandboxed) };
      }
      const before = workingDirectory.path;
      const data = await runBash(input, call, runner, sandboxed ?? (await jailOf(input, context)));
      if (workingDirectory.path !== before) {
        await context.hooks.cwdChanged?.(before, workingDirectory.path, context.signal);
      }
      return { data };
    },
    mapToolResult: bashToolResult,
  };
}

function definedEntries(env: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const defined: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) defined[key] = value;
  return defined;
}
