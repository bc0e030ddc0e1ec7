/** Flags `keel --bg` sets itself for the child, with how many values each takes. */
const REPLACED_FLAGS = new Map<string, number>([
  ["--bg", 0],
  ["-p", 0],
  ["--print", 0],
  ["--verbose", 0],
  ["--output-format", 1],
]);

/** Flags that choose the session; without one the child gets a fresh --session-id. */
const SESSION_FLAGS = ["-r", "--resume", "-c", "--continue", "--session-id"];

/** The first word of an argument: `--output-format=json` → `--output-format`. */
function flagName(arg: string): string {
  return arg.startsWith("--") ? (arg.split("=")[0] ?? arg) : arg;
}

/** True when `argv` (before `--`) asks for background mode. */
export function isBackgroundRequest(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).includes("--bg");
}

/** True when the arguments choose which session to run (resume, continue, a given id). */
export function choosesSession(args: readonly string[]): boolean {
  return args.some((arg) => SESSION_FLAGS.includes(flagName(arg)));
}

/** The user's arguments without --bg, -p and the output flags (`keel --bg` sets those). */
export function userArgs(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--") {
      kept.push(...argv.slice(i));
      break;
    }
    const values = REPLACED_FLAGS.get(flagName(arg));
    if (values === undefined) kept.push(arg);
    else if (!arg.includes("=")) i += values;
  }
  return kept;
}

/**
 * The arguments of the `keel -p` a background agent runs: the user's (see userArgs), then
 * `--output-format stream-json --verbose` (its log is stream-json), and `--session-id` when
 * given (the user chose no session, so the task knows its session up front).
 */
export function backgroundChildArgs(args: readonly string[], sessionId?: string): string[] {
  const session = sessionId === undefined ? [] : ["--session-id", sessionId];
  return ["-p", ...args, "--output-format", "stream-json", "--verbose", ...session];
}
