import type { PermissionMode } from "../../../tools/context.js";
import { VERSION } from "../../../version.js";

/** What the start-up header names. */
export interface StartFacts {
  model: string;
  cwd: string;
  mode: PermissionMode;
}

/**
 * The REPL's first lines, before the conversation: keel and its version, the model, the
 * working folder, the permission mode (and the key that changes it), and where help is.
 */
export function startHeader(facts: StartFacts): string {
  return [
    `✻ keel ${VERSION} · ${facts.model} · /help lists commands and keys`,
    `  ${facts.cwd}`,
    `  permission mode: ${facts.mode} (shift+tab to cycle)`,
  ].join("\n");
}

/** What keel prints once the REPL has closed: how to go on with the conversation. */
export function resumeHint(sessionId: string): string {
  return `Resume this session with:\nkeel --resume ${sessionId}\n`;
}
