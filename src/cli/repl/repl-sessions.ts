import { randomUUID } from "node:crypto";
import type { Message } from "../../protocol/messages.js";
import { createCliSession } from "../cli-session.js";
import { switchableModel } from "../control/model-switch.js";
import type { CliIo } from "../io.js";
import type { CliOptions } from "../options.js";
import type { PrintModel } from "../print-model.js";
import type { SessionPolicy } from "../session-policy.js";
import { openSessionStore } from "../session-store.js";
import { type AskPerson, createInteractiveCanUseTool } from "./interactive-permissions.js";
import type { ReplSession } from "./repl-controller.js";

/** What every session of one REPL shares. */
export interface ReplSessionInputs {
  options: CliOptions;
  io: CliIo;
  model: PrintModel;
  policy: SessionPolicy;
  stateDir: string;
  /** Asks the person (the controller's dialog). */
  ask: AskPerson;
  warn: (text: string) => void;
}

/** Which conversation a session starts from. */
export interface SessionStart {
  sessionId: string;
  history: readonly Message[];
  resumed: boolean;
}

/** A new conversation under a fresh session id (keel at start-up, and /clear). */
export function freshStart(): SessionStart {
  return { sessionId: randomUUID(), history: [], resumed: false };
}

/**
 * Opens a REPL session: the CLI session with streamed partial text and permissions asked of
 * the person through the dialog.
 */
export async function openReplSession(
  inputs: ReplSessionInputs,
  start: SessionStart,
): Promise<ReplSession> {
  const { options, io, stateDir, warn } = inputs;
  const store = await openSessionStore({
    stateDir,
    cwd: io.cwd,
    sessionId: start.sessionId,
    persist: options.sessionPersistence,
    history: start.history,
    onError: (error) => warn(`cannot write the transcript: ${error.message}`),
  });
  const models = switchableModel(inputs.model.provider, inputs.model.model);
  const session = await createCliSession({
    options: { ...options, includePartialMessages: true },
    io,
    model: { ...inputs.model, provider: models.provider },
    sessionId: start.sessionId,
    history: start.history,
    resumed: start.resumed,
    store,
    stateDir,
    policy: inputs.policy,
    canUseTool: (engine) => createInteractiveCanUseTool(engine, inputs.ask, io.cwd),
    warn,
  });
  return {
    engine: session.engine,
    models: {
      providerName: inputs.model.provider.name,
      current: models.current,
      set: models.set,
    },
    mcp: () => ({
      servers: session.mcpStatus(),
      tools: session.tools().map((tool) => tool.name),
    }),
    prompts: () => session.mcpPrompts(),
    dispose: () => session.dispose(),
  };
}
