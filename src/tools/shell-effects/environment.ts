import { isAbsolute, join } from "node:path";
import { type FileSystemView, isInside, physicalPath } from "./file-system.js";

/**
 * Variables a prefix assignment may set without changing which code runs: locale, colours,
 * time zone, terminal size (Claude Code's safe set, in spirit). Any other assignment in front
 * of a command means keel cannot vouch for what the program then does.
 */
const SAFE_ASSIGNMENTS = new Set([
  "LANG",
  "LANGUAGE",
  "LC_ALL",
  "LC_COLLATE",
  "LC_CTYPE",
  "LC_MESSAGES",
  "LC_NUMERIC",
  "LC_TIME",
  "TZ",
  "TERM",
  "COLORTERM",
  "NO_COLOR",
  "FORCE_COLOR",
  "CLICOLOR",
  "CLICOLOR_FORCE",
  "COLUMNS",
  "LINES",
  "GREP_COLOR",
  "GREP_COLORS",
  "LS_COLORS",
  "TIME_STYLE",
  "BLOCK_SIZE",
  "BLOCKSIZE",
  "NODE_ENV",
  "CI",
  "PYTHONUNBUFFERED",
  "PYTHONDONTWRITEBYTECODE",
  "RUST_BACKTRACE",
  "RUST_LOG",
]);

/** True when a prefix assignment of `name` leaves what runs unchanged. */
export function isSafeAssignment(name: string): boolean {
  return SAFE_ASSIGNMENTS.has(name);
}

/**
 * Variables that make programs run other code or read other files: the shell's start-up
 * and function imports, the loader, interpreters' start-up options, pagers and editors,
 * git's exec and configuration variables, search tools' configuration files.
 */
const CODE_STEERING = new Set([
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "PROMPT_COMMAND",
  "PS4",
  "IFS",
  "CDPATH",
  "GLOBIGNORE",
  "POSIXLY_CORRECT",
  "HOME",
  "PATH",
  "NODE_OPTIONS",
  "NODE_PATH",
  "PYTHONSTARTUP",
  "PYTHONPATH",
  "PYTHONHOME",
  "PERL5OPT",
  "PERL5LIB",
  "PERLLIB",
  "RUBYOPT",
  "RUBYLIB",
  "PAGER",
  "MANPAGER",
  "EDITOR",
  "VISUAL",
  "BROWSER",
  "LESSOPEN",
  "LESSCLOSE",
  "LESS",
  "RIPGREP_CONFIG_PATH",
  "GREP_OPTIONS",
  "JQ_LIBRARY_PATH",
  "TAR_OPTIONS",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "XDG_CONFIG_HOME",
  "XDG_CONFIG_DIRS",
  "MAGIC",
]);

const CODE_STEERING_PREFIXES = ["LD_", "DYLD_", "BASH_FUNC_", "GIT_", "NPM_CONFIG_", "npm_config_"];

/** True when setting `name` can make a program run other code or read other files. */
export function steersCode(name: string): boolean {
  return (
    CODE_STEERING.has(name) ||
    CODE_STEERING_PREFIXES.some((prefix) => name.startsWith(prefix)) ||
    name.includes("%%")
  );
}

/** Builtins bash runs itself, whatever PATH holds (a function of the same name aside). */
const BUILTINS = new Set([
  "cd",
  "pwd",
  "echo",
  "printf",
  "test",
  "[",
  "[[",
  "true",
  "false",
  "type",
  "command",
  "builtin",
  "exec",
  "eval",
  "source",
  ".",
  "read",
  "export",
  "unset",
  "set",
  "shift",
  "exit",
  "return",
  "pushd",
  "popd",
  "dirs",
  "alias",
  "unalias",
  "trap",
  "wait",
  "kill",
  "declare",
  "typeset",
  "local",
  "readonly",
  "let",
  "mapfile",
  "readarray",
  "getopts",
  "hash",
  "enable",
  "shopt",
  "umask",
  "ulimit",
  "times",
  "jobs",
  "fg",
  "bg",
  "disown",
  "suspend",
  "history",
  "fc",
  "help",
  "caller",
  "complete",
  "compgen",
  "compopt",
  "bind",
  "logout",
  "break",
  "continue",
  ":",
]);

/** True for a name bash runs as a builtin. */
export function isBuiltin(name: string): boolean {
  return BUILTINS.has(name);
}

/**
 * The file a command name runs, found on PATH as bash finds it (an empty or relative PATH
 * entry is relative to the shell's folder); undefined for builtins and names not found.
 */
export function programFile(
  name: string,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  fs: FileSystemView,
): string | undefined {
  if (isBuiltin(name)) return undefined;
  for (const entry of (env.PATH ?? "").split(":")) {
    const folder = isAbsolute(entry) ? entry : join(cwd, entry);
    const candidate = join(folder, name);
    if (fs.isExecutable(candidate)) return physicalPath(candidate, fs);
  }
  return undefined;
}

/** Folders a program named by a path may live in and still be named by its file name. */
const SYSTEM_FOLDERS = [
  "/bin",
  "/sbin",
  "/usr/bin",
  "/usr/sbin",
  "/usr/local/bin",
  "/usr/local/sbin",
];

/** True when a program file sits in a system folder (so its name is what it is). */
export function isSystemProgram(file: string, fs: FileSystemView): boolean {
  return SYSTEM_FOLDERS.some((folder) => isInside(file, physicalPath(folder, fs)));
}
