import { isAbsolute, resolve } from "node:path";
import type { ShellWord } from "../shell-parse/index.js";
import { physicalPath } from "./file-system.js";
import { expandGlob } from "./glob-expand.js";
import type { EffectContext, PathForms } from "./types.js";

/** Devices a command may read or write without touching a file. */
const DEVICES = new Set(["/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty"]);

/** True for a path that names a device rather than a file (`-` is standard input). */
export function isDevice(value: string): boolean {
  return value === "-" || DEVICES.has(value) || /^\/dev\/fd\/\d+$/.test(value);
}

const unknown = (word: ShellWord): ShellWord => ({ ...word, dynamic: [...word.dynamic, "other"] });

/**
 * The words bash passes for one written word when the shell is in `cwd` (undefined: a folder
 * keel cannot know): `~` and `~/…` become the home folder, globs are matched against the
 * real folder. Anything else only known at run time comes back unchanged (still dynamic).
 */
export function expandWord(
  word: ShellWord,
  cwd: string | undefined,
  context: EffectContext,
): ShellWord[] {
  const kinds = word.dynamic;
  if (kinds.length === 0) return [word];
  if (kinds.some((kind) => kind !== "tilde" && kind !== "glob")) return [word];
  const home = context.env.HOME ?? context.home;
  let value = word.value;
  let pattern = word.glob;
  if (kinds.includes("tilde")) {
    if (value !== "~" && !value.startsWith("~/")) return [unknown(word)];
    value = home + value.slice(1);
    if (pattern !== undefined) pattern = home.replace(/[*?[\]\\]/g, "\\$&") + pattern.slice(1);
  }
  if (pattern === undefined) return [{ text: word.text, value, dynamic: [] }];
  const expansion =
    context.env.GLOBIGNORE !== undefined || context.env.BASHOPTS !== undefined
      ? undefined
      : cwd === undefined && !pattern.startsWith("/")
        ? undefined
        : expandGlob(pattern, cwd ?? "/", context.fs);
  if (!expansion || "unknown" in expansion) return [unknown(word)];
  return expansion.words.map((expanded) => ({ text: word.text, value: expanded, dynamic: [] }));
}

/**
 * The files a static path names from each folder the shell may be in: as written and where
 * the kernel lands. Relative paths need known folders (undefined: they cannot be resolved).
 */
export function pathForms(
  value: string,
  folders: readonly string[],
  context: EffectContext,
): PathForms[] | undefined {
  if (isAbsolute(value))
    return [{ written: resolve(value), real: physicalPath(value, context.fs) }];
  if (folders.length === 0) return undefined;
  return folders.map((folder) => ({
    written: resolve(folder, value),
    real: physicalPath(`${folder}/${value}`, context.fs),
  }));
}
