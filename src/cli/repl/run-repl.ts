import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { keelStateDir } from "../../config/paths.js";
import type { Message } from "../../protocol/messages.js";
import type { CliIo } from "../io.js";
import { withMainAgent } from "../main-agent-option.js";
import type { CliOptions } from "../options.js";
import { printModel, withSettingsEnv } from "../print-model.js";
import { resolveSession } from "../resume-session.js";
import { loadSessionPolicy, type SessionPolicy } from "../session-policy.js";
import { ensureWritableStateFolder } from "../session-store.js";
import { UsageError } from "../usage-error.js";
import { startResume } from "./commands/resume-command.js";
import { appendPromptHistory, loadPromptHistory } from "./history-file.js";
import type { AskPerson } from "./interactive-permissions.js";
import { replDisplay } from "./render/repl-display.js";
import { type ReplTerminal, renderApp } from "./render-app.js";
import { ReplController } from "./repl-controller.js";
import {
  freshStart,
  laterSessions,
  openReplSession,
  type ReplSessionInputs,
} from "./repl-sessions.js";
import { askMcpApprovals } from "./startup/ask-mcp-approvals.js";
import { decideFolderTrust } from "./startup/folder-trust.js";
import { historyView, resumedNotice, shownMessages } from "./startup/history-view.js";
import { approveProjectMcpServers } from "./startup/project-mcp-approvals.js";
import { resumeHint, startHeader } from "./startup/start-header.js";
import { askTrust } from "./startup/trust-dialog.js";
import { startStatusLine } from "./status-line/start-status-line.js";

function terminalOf(io: CliIo): ReplTerminal {
  if (!io.stdin.isTTY) {
    throw new UsageError(
      "the interactive REPL needs a terminal on stdin: run `keel -p <prompt>` for headless use",
    );
  }
  return {
    stdin: io.stdin as NodeJS.ReadStream,
    stdout: io.stdout as NodeJS.WriteStream,
    stderr: io.stderr as NodeJS.WriteStream,
  };
}

/** Where the REPL's start-up reads and writes. */
interface Start {
  options: CliOptions;
  io: CliIo;
  policy: SessionPolicy;
  stateDir: string;
  home: string;
  terminal: ReplTerminal;
}

/**
 * Asks about `.mcp.json` servers nobody approved or refused, before the session starts its
 * servers (so the approved ones start now); returns what was decided, for the transcript.
 */
function askAboutProjectServers(start: Start): Promise<string[]> {
  const { options, io, policy } = start;
  return approveProjectMcpServers({
    mcpConfig: options.mcpConfig,
    strict: options.strictMcpConfig,
    cwd: io.cwd,
    home: start.home,
    stateDir: start.stateDir,
    projectFile: policy.projectTrusted,
    env: { ...io.env, ...policy.settings.env },
    settings: policy.settings,
    ask: (servers) => askMcpApprovals(servers, start.terminal, io.signal),
  });
}

/**
 * The first things the transcript shows: the resumed conversation as it was shown (its
 * transcript read back, see shown-history.ts), then start-up notices.
 */
async function showStart(
  controller: ReplController,
  resumed: { sessionId: string; messages: readonly Message[] },
  cwd: string,
  notices: { errors: readonly string[]; decided: readonly string[] },
): Promise<void> {
  const { sessionId, messages } = resumed;
  const shown =
    messages.length === 0
      ? []
      : ((await controller.activeSession.shownHistory?.()) ?? shownMessages(messages));
  controller.store.update((s) => ({ ...s, view: historyView(shown, cwd, s.view) }));
  for (const text of notices.errors) controller.notice(text, "error");
  if (messages.length > 0) controller.notice(resumedNotice(sessionId, shown));
  for (const text of notices.decided) controller.notice(text);
}

/** After the REPL closed: how to continue this conversation, when there is one to continue. */
function printResumeHint(controller: ReplController, options: CliOptions, io: CliIo): void {
  const said = controller.activeSession.history?.().length ?? 0;
  if (options.sessionPersistence && said > 0)
    io.stdout.write(resumeHint(controller.engine.sessionId));
}

/** Runs the interactive REPL (`keel` without -p) until the person leaves; returns the exit code. */
export async function runRepl(given: CliOptions, io: CliIo): Promise<number> {
  const terminal = terminalOf(io);
  const stateDir = keelStateDir(io.env);
  const home = io.env.HOME ?? homedir();
  // A state folder keel cannot write stops it here, in one line, before any question is asked.
  if (given.sessionPersistence) await ensureWritableStateFolder(stateDir, io.cwd);
  // Until the screen exists, warnings wait; then they show in the transcript (stderr would tear it).
  const early: string[] = [];
  let controller: ReplController | undefined;
  const warn = (text: string) => (controller ? controller.notice(text, "error") : early.push(text));
  for (const warning of given.flagWarnings ?? []) warn(warning);
  const roots = { home, stateDir, cwd: io.cwd };
  const loaded = await loadSessionPolicy(given, roots, warn);
  const trust = await decideFolderTrust(loaded.settings, roots, (folder, code) =>
    askTrust(folder, code, terminal, io.signal),
  );
  // Stopped (SIGTERM) while the trust question was up: the REPL never opens.
  if (io.signal.aborted) return 0;
  // Declined: loaded again without the project's code (its warnings were said the first time).
  const policy = trust.trusted
    ? loaded
    : await loadSessionPolicy(given, roots, () => {}, { projectTrusted: false });
  // The main thread may run as an agent (--agent or the `agent` setting): every session has it.
  const options = await withMainAgent(given, policy.settings.agent, io, stateDir);
  const model = await printModel(
    options,
    withSettingsEnv(io, policy.settings.env),
    policy.settings,
  );
  const ids = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
  const resolved = await resolveSession(options, { stateDir, cwd: io.cwd, ids, onWarning: warn });
  const decided = await askAboutProjectServers({ options, io, policy, stateDir, home, terminal });
  // Stopped (SIGTERM) while the approval dialog was up: the REPL never opens.
  if (io.signal.aborted) return 0;
  const ask: AskPerson = (question, signal) => {
    if (!controller) throw new Error("a permission question came before the REPL started");
    return controller.ask(question, signal);
  };
  const inputs: ReplSessionInputs = {
    options,
    io,
    model,
    policy,
    stateDir,
    ask,
    warn,
    onProgress: (toolUseId, data) => controller?.progress(toolUseId, data),
    onHookStatus: (status) => controller?.hookStatus(status),
    sandboxChoice: {},
    settingsChoice: {},
    reloadPolicy: () =>
      loadSessionPolicy(given, roots, warn, { projectTrusted: policy.projectTrusted }),
  };
  const session = await openReplSession(inputs, {
    sessionId: resolved.sessionId,
    history: resolved.messages,
    resumed: options.resume !== undefined || options.continue,
    ...(resolved.recordedMode ? { recordedMode: resolved.recordedMode } : {}),
  });
  const history = await loadPromptHistory(stateDir, io.cwd);
  const now = () => Date.now();
  controller = new ReplController({
    cwd: io.cwd,
    model: model.model,
    session,
    openSession: () => openReplSession(laterSessions(inputs), freshStart("clear")),
    recordPrompt: (text) =>
      appendPromptHistory(stateDir, { display: text, timestamp: now(), project: io.cwd }),
    now,
    bypassAvailable: policy.settings.permissionMode === "bypassPermissions",
    autoDisabled: policy.settings.autoDisabled,
  });
  const started = controller;
  started.notice(startHeader({ model: model.model, cwd: io.cwd, mode: started.store.get().mode }));
  await showStart(started, resolved, io.cwd, {
    errors: early,
    decided: [...trust.notices, ...decided],
  });
  const statusLine = startStatusLine(policy.settings, started, {
    cwd: io.cwd,
    env: { ...io.env, ...policy.settings.env },
    stateDir,
  });
  const onSignal = () => void started.exit(0, "other");
  io.signal.addEventListener("abort", onSignal, { once: true });
  if (options.resumePick) {
    // `--resume` without an id: the /resume picker over the fresh session; a prompt given
    // beside it waits in the input box for the session chosen.
    void startResume(started, options.resumePick.search);
    if (options.prompt.trim() !== "") started.putDraft(options.prompt);
  } else if (options.prompt.trim() !== "") started.submit(options.prompt);
  try {
    const display = replDisplay({
      cwd: io.cwd,
      env: io.env,
      isTTY: terminal.stdout.isTTY === true,
      verbose: options.verbose,
    });
    const code = await renderApp(started, terminal, history, now, display, statusLine);
    printResumeHint(started, options, io);
    return code;
  } finally {
    statusLine?.stop();
    io.signal.removeEventListener("abort", onSignal);
  }
}
