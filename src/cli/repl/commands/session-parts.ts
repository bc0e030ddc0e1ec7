import { Buffer } from "node:buffer";
import { homedir } from "node:os";
import type { PermissionEngine } from "../../../policy/engine.js";
import type { Message } from "../../../protocol/messages.js";
import { loadMemoryFiles } from "../../../session/memory/load-memory-files.js";
import type { CliSession } from "../../cli-session-types.js";
import type { CliIo } from "../../io.js";
import { listProjectSessions } from "../../session-list.js";
import { runForkedCommand, withForkExtras } from "../../slash/forked-command.js";
import { commandPromptDeps } from "../../slash/prompt-deps.js";
import type { CommandPromptDeps } from "./command-prompt.js";
import { type EditorTerminal, openInEditor } from "./editor.js";
import { editorSignalGuard } from "./editor-signals.js";
import type { MemoryRow } from "./memory.js";
import type { PermissionsView } from "./permissions.js";
import type { ReplSessionExtras } from "./session-extras.js";
import { runShell } from "./shell-escape.js";
import { shownHistory } from "./shown-history.js";
import { withMentionedFiles } from "./typed-mentions.js";

/** What the slash commands' parts of a REPL session are built from. */
interface SessionPartsInputs<S> {
  session: CliSession;
  io: CliIo;
  stateDir: string;
  /** The session's permission engine (known once the session asked for its canUseTool). */
  permissions: () => PermissionEngine | undefined;
  settingsFiles: readonly string[];
  /** The environment `!cmd`s run with (the process's, with the settings' `env`). */
  env: NodeJS.ProcessEnv;
  /** The session's transcript, or undefined with --no-session-persistence. */
  transcriptPath: string | undefined;
  /** Opens another session of this project, resumed. */
  open: (sessionId: string) => Promise<{ session: S; messages: readonly Message[] }>;
  /** False when the person did not trust the folder (its commands' !`command`s stay off). */
  projectTrusted?: boolean;
}

function permissionsView(engine: () => PermissionEngine | undefined): PermissionsView {
  return {
    rules: () =>
      (engine()?.rules() ?? []).map((rule) => ({
        behavior: rule.behavior,
        text: rule.text,
        origin: rule.origin,
      })),
    add: (behavior, rule) => {
      const current = engine();
      if (!current) return ["the session's permissions are not ready yet"];
      return current.addSessionRules([rule], behavior);
    },
    allowForTurn: (rules, origin) => {
      const current = engine();
      if (!current)
        return { problems: ["the session's permissions are not ready yet"], remove() {} };
      return current.addTurnRules(rules, origin);
    },
  };
}

async function memoryRows(cwd: string, home: string, stateDir: string): Promise<MemoryRow[]> {
  const files = await loadMemoryFiles({ cwd, home, stateDir });
  return files.map((file) => ({
    path: file.path,
    kind: file.conditionalGlobs ? `${file.scope} rule` : file.scope,
    size: Buffer.byteLength(file.content, "utf8"),
  }));
}

/** How `@file`s of a typed prompt are decided: as the session's Read calls would be. */
function promptDeps<S>(inputs: SessionPartsInputs<S>, home: string): CommandPromptDeps {
  return commandPromptDeps({
    cwd: inputs.io.cwd,
    home,
    env: inputs.env,
    permissions: inputs.permissions,
    tools: () => inputs.session.tools(),
    mode: () => inputs.session.permissionMode(),
    ...(inputs.projectTrusted === false ? { projectTrusted: false } : {}),
  });
}

/**
 * The parts of a REPL session that /status, /permissions, /sandbox, /memory, /rewind, /resume
 * and `!` use.
 */
export function sessionParts<S>(inputs: SessionPartsInputs<S>): ReplSessionExtras<S> {
  const { session, io, stateDir } = inputs;
  const home = io.env.HOME ?? homedir();
  return {
    rewind: (uuid) => session.rewind(uuid),
    history: () => session.engine.messages,
    shownHistory: () => shownHistory(session.engine.messages, inputs.transcriptPath),
    permissions: permissionsView(inputs.permissions),
    permissionMode: () => session.permissionMode(),
    setPermissionMode: (mode) => session.setPermissionMode(mode),
    sandbox: session.sandbox,
    settingsFiles: inputs.settingsFiles,
    memory: () => memoryRows(io.cwd, home, stateDir),
    editFile: (path) =>
      openInEditor(path, {
        env: inputs.env,
        terminal: io.stdin as EditorTerminal,
        screen: io.stdout as NodeJS.WriteStream,
        signals: editorSignalGuard(process, io.interrupts),
      }),
    home,
    stateDir,
    userCommands: () => session.slash.catalog(),
    agents: () => session.agents.list(),
    reloadAgents: () => session.agents.reload(),
    shell: (command, signal) => runShell(command, { cwd: io.cwd, env: inputs.env, signal }),
    expandUserCommand: (command, args, signal) => session.slash.expand(command, args, signal),
    runForkedCommand: (command, signal) =>
      runForkedCommand(session.engine, withForkExtras(command, session.slash), signal),
    withMentionedFiles: (text) =>
      withMentionedFiles(text, { cwd: io.cwd, home }, promptDeps(inputs, home).decide),
    sessions: {
      list: () => listProjectSessions(stateDir, io.cwd, session.engine.sessionId),
      open: inputs.open,
    },
  };
}
