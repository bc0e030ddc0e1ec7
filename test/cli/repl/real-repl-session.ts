import { PassThrough } from "node:stream";
import type { CliIo } from "../../../src/cli/io.js";
import type { CliOptions } from "../../../src/cli/options.js";
import type { AskPerson } from "../../../src/cli/repl/interactive-permissions.js";
import type { ReplController } from "../../../src/cli/repl/repl-controller.js";
import type { ReplSession } from "../../../src/cli/repl/repl-session.js";
import { freshStart, openReplSession } from "../../../src/cli/repl/repl-sessions.js";
import { loadSessionPolicy } from "../../../src/cli/session-policy.js";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { controllerFor, notices, until } from "./repl-harness.js";

/** The options of a plain `keel` REPL (no flags), with no transcript written. */
export const REPL_OPTIONS: CliOptions = {
  print: false,
  outputFormat: "text",
  inputFormat: "text",
  verbose: false,
  mcpConfig: [],
  strictMcpConfig: false,
  pluginDir: [],
  pluginDirNoMcp: [],
  allowedTools: [],
  disallowedTools: [],
  addDir: [],
  continue: false,
  forkSession: false,
  sessionPersistence: false,
  includePartialMessages: false,
  prompt: "",
};

/** Where a real REPL session runs: its project folder, HOME and keel's state folder. */
export interface RealReplFolders {
  cwd: string;
  home: string;
  stateDir: string;
}

/** A controller over a real REPL session (CLI session, settings, tools) on the scripted model. */
export interface RealRepl {
  controller: ReplController;
  session: ReplSession;
  /** The scripted model: what it was sent (`requests`), and what it found wrong (`violations`). */
  provider: ReturnType<typeof createScriptedProvider>;
  /** What the session said on its warning channel (a settings file reloaded, say). */
  warnings: string[];
  /** Closes the session (SessionEnd, background shells stopped). */
  close(): Promise<void>;
}

/**
 * Opens a REPL session as `keel` would in `folders.cwd`: the settings files and plugins read
 * with `options`, the folder trusted or not, the model scripted with `turns`.
 */
export async function openRealRepl(
  folders: RealReplFolders,
  turns: unknown[],
  extra: {
    options?: Partial<CliOptions>;
    projectTrusted?: boolean;
    /** Subagents' own scripts, by agent type (the scenario's `agents`). */
    agents?: Record<string, unknown>;
    /** The rest of the scenario (`turnMode`, `side`, `latencyMs`, …). */
    scenario?: Record<string, unknown>;
    /** Variables the session's environment has besides HOME, KEEL_CONFIG_DIR and PATH. */
    env?: Record<string, string>;
  } = {},
): Promise<RealRepl> {
  const options: CliOptions = { ...REPL_OPTIONS, ...extra.options };
  const io: CliIo = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    env: {
      HOME: folders.home,
      KEEL_CONFIG_DIR: folders.stateDir,
      PATH: process.env.PATH ?? "",
      ...extra.env,
    },
    cwd: folders.cwd,
    signal: new AbortController().signal,
  };
  const policy = await loadSessionPolicy(options, folders, () => {}, {
    projectTrusted: extra.projectTrusted ?? true,
  });
  const scenario = { ...extra.scenario, turns, ...(extra.agents ? { agents: extra.agents } : {}) };
  const provider = createScriptedProvider(parseScenario(scenario, "real repl"));
  let controller: ReplController | undefined;
  const ask: AskPerson = (question, signal) => {
    if (!controller) throw new Error("asked before the REPL started");
    return controller.ask(question, signal);
  };
  const model = {
    provider,
    model: "claude-sonnet-5",
    maxOutputTokens: 8_000,
    apiKeySource: "none" as const,
    retry: {},
    maxToolUseConcurrency: 10,
  };
  const warnings: string[] = [];
  const trust = { projectTrusted: extra.projectTrusted ?? true };
  const session = await openReplSession(
    {
      options,
      io,
      model,
      policy,
      stateDir: folders.stateDir,
      ask,
      warn: (text) => warnings.push(text),
      // As `keel` does: a settings file that changes is read again with the same flags and trust.
      reloadPolicy: () => loadSessionPolicy(options, folders, () => {}, trust),
    },
    freshStart(),
  );
  controller = controllerFor(session, folders.cwd);
  return { controller, session, provider, warnings, close: () => session.dispose() };
}

/** Runs a slash command and returns the notice it answers with (text and tone). */
export async function commandNotice(
  controller: ReplController,
  line: string,
): Promise<{ text: string; tone: string }> {
  const before = notices(controller.store.get()).length;
  controller.submit(line);
  const state = await until(
    controller,
    (s) => notices(s).length > before,
    `the answer to "${line}"`,
    10_000,
  );
  const answer = notices(state)[before];
  if (!answer) throw new Error(`no answer to "${line}"`);
  return answer;
}

/** Submits a prompt and waits until its turn is over. */
export async function turn(controller: ReplController, prompt: string): Promise<void> {
  const before = controller.store.get().view.done.length;
  controller.submit(prompt);
  await until(controller, (s) => !s.busy && s.view.done.length > before, `the turn "${prompt}"`);
}
