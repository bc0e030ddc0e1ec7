import { Buffer } from "node:buffer";
import { homedir } from "node:os";
import type { PermissionEngine } from "../../../policy/engine.js";
import type { Message } from "../../../protocol/messages.js";
import { loadMemoryFiles } from "../../../session/memory/load-memory-files.js";
import type { CliSession } from "../../cli-session-types.js";
import type { CliIo } from "../../io.js";
import type { MemoryRow } from "./memory.js";
import type { PermissionsView } from "./permissions.js";
import type { ReplSessionExtras } from "./session-extras.js";
import { listProjectSessions } from "./session-list.js";
import { runShell } from "./shell-escape.js";
import { commandFolders, loadUserCommands } from "./user-commands.js";

/** What the slash commands' parts of a REPL session are built from. */
export interface SessionPartsInputs<S> {
  session: CliSession;
  io: CliIo;
  stateDir: string;
  /** The session's permission engine (known once the session asked for its canUseTool). */
  permissions: () => PermissionEngine | undefined;
  settingsFiles: readonly string[];
  /** The environment `!cmd`s run with (the process's, with the settings' `env`). */
  env: NodeJS.ProcessEnv;
  /** Opens another session of this project, resumed. */
  open: (sessionId: string) => Promise<{ session: S; messages: readonly Message[] }>;
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

/** The parts of a REPL session that /status, /permissions, /memory, /rewind, /resume, `!` use. */
export function sessionParts<S>(inputs: SessionPartsInputs<S>): ReplSessionExtras<S> {
  const { session, io, stateDir } = inputs;
  const home = io.env.HOME ?? homedir();
  return {
    rewind: (uuid) => session.rewind(uuid),
    history: () => session.engine.messages,
    permissions: permissionsView(inputs.permissions),
    permissionMode: () => session.permissionMode(),
    settingsFiles: inputs.settingsFiles,
    memory: () => memoryRows(io.cwd, home, stateDir),
    userCommands: () => loadUserCommands(commandFolders({ cwd: io.cwd, home, stateDir })),
    shell: (command, signal) => runShell(command, { cwd: io.cwd, env: inputs.env, signal }),
    sessions: {
      list: () => listProjectSessions(stateDir, io.cwd, session.engine.sessionId),
      open: inputs.open,
    },
  };
}
