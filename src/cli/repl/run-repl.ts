import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { keelStateDir } from "../../config/paths.js";
import type { CliIo } from "../io.js";
import type { CliOptions } from "../options.js";
import { printModel } from "../print-model.js";
import { resolveSession } from "../resume-session.js";
import { loadSessionPolicy } from "../session-policy.js";
import { UsageError } from "../usage-error.js";
import { appendPromptHistory, loadPromptHistory } from "./history-file.js";
import type { AskPerson } from "./interactive-permissions.js";
import { renderApp } from "./render-app.js";
import { ReplController } from "./repl-controller.js";
import { freshStart, openReplSession, type ReplSessionInputs } from "./repl-sessions.js";

function terminalOf(io: CliIo) {
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

/** Runs the interactive REPL (`keel` without -p) until the person leaves; returns the exit code. */
export async function runRepl(options: CliOptions, io: CliIo): Promise<number> {
  const terminal = terminalOf(io);
  const stateDir = keelStateDir(io.env);
  const home = io.env.HOME ?? homedir();
  // Until the screen exists, warnings wait; then they show in the transcript (stderr would tear it).
  const early: string[] = [];
  let controller: ReplController | undefined;
  const warn = (text: string) => (controller ? controller.notice(text, "error") : early.push(text));
  const policy = await loadSessionPolicy(options, { home, stateDir, cwd: io.cwd }, warn);
  const model = await printModel(options, io, policy.settings.model);
  const ids = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
  const resolved = await resolveSession(options, { stateDir, cwd: io.cwd, ids, onWarning: warn });
  const ask: AskPerson = (question, signal) => {
    if (!controller) throw new Error("a permission question came before the REPL started");
    return controller.ask(question, signal);
  };
  const inputs: ReplSessionInputs = { options, io, model, policy, stateDir, ask, warn };
  const session = await openReplSession(inputs, {
    sessionId: resolved.sessionId,
    history: resolved.messages,
    resumed: options.resume !== undefined || options.continue,
  });
  const history = await loadPromptHistory(stateDir, io.cwd);
  const now = () => Date.now();
  controller = new ReplController({
    cwd: io.cwd,
    model: model.model,
    session,
    openSession: () => openReplSession(inputs, freshStart()),
    recordPrompt: (text) =>
      appendPromptHistory(stateDir, { display: text, timestamp: now(), project: io.cwd }),
    now,
  });
  const started = controller;
  for (const text of early) started.notice(text, "error");
  if (resolved.messages.length > 0) {
    started.notice(
      `Resumed session ${resolved.sessionId} (${resolved.messages.length} earlier messages).`,
    );
  }
  const onSignal = () => void started.exit(0);
  io.signal.addEventListener("abort", onSignal, { once: true });
  if (options.prompt.trim() !== "") started.submit(options.prompt);
  try {
    return await renderApp(started, terminal, history, now);
  } finally {
    io.signal.removeEventListener("abort", onSignal);
  }
}
