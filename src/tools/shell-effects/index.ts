/**
 * What a Bash command line does, as far as keel can prove before it runs: the programs it
 * starts (through wrappers and scripts), the files it reads and writes (globs expanded,
 * links followed, from every folder a `cd` may reach), and what keel cannot see. The
 * permission engine and the Bash tool both judge commands from this.
 */
import { parseShellCommand, parseShellCommandSync } from "../shell-parse/index.js";
import { analyseParsed } from "./analyse.js";
import type { EffectContext, ShellEffects } from "./types.js";

export { isSafeAssignment, steersCode } from "./environment.js";
export { type FileSystemView, physicalPath, realFileSystem } from "./file-system.js";
export { type ReadOnlyScope, type ReadOnlyVerdict, readOnlyVerdict } from "./read-only.js";
export type {
  EffectContext,
  PartEffects,
  PathAccess,
  PathForms,
  PathUse,
  ProgramRun,
  ShellEffects,
  UnresolvedAccess,
} from "./types.js";

/** The effects of a command line (loading the shell grammar if it needs it). */
export async function analyseShell(command: string, context: EffectContext): Promise<ShellEffects> {
  return analyseParsed(await parseShellCommand(command), context, parseShellCommandSync);
}

/** The effects now, or undefined while the shell grammar is still loading. */
export function analyseShellSync(
  command: string,
  context: EffectContext,
): ShellEffects | undefined {
  const parsed = parseShellCommandSync(command);
  return parsed ? analyseParsed(parsed, context, parseShellCommandSync) : undefined;
}
