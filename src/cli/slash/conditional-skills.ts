import { isAbsolute } from "node:path";
import { posixRelative } from "../../session/memory/directory-chain.js";
import { matchesGlob } from "../../session/memory/glob-match.js";
import type { UserCommand } from "../repl/commands/command-file.js";

/**
 * The skills with `paths` that files just touched bring into play (Claude Code's conditional
 * skills): those not active yet with a glob matching one of the paths, taken relative to the
 * working folder. A path outside the folder matches nothing.
 */
export function activatedBy(
  commands: readonly UserCommand[],
  touched: readonly string[],
  cwd: string,
  active: ReadonlySet<string>,
): UserCommand[] {
  const inside = touched
    .map((path) => posixRelative(cwd, path))
    .filter((path) => path !== "" && !path.startsWith("../") && !isAbsolute(path));
  if (inside.length === 0) return [];
  return commands.filter(
    (command) =>
      command.paths !== undefined &&
      !active.has(command.name) &&
      inside.some((path) => command.paths?.some((glob) => matchesGlob(path, glob))),
  );
}
