import { taskCommandName } from "./tasks/task-commands.js";

/** Subcommands that never show the terminal UI. */
const HEADLESS_SUBCOMMANDS = new Set(["scripted-server", "trace", "ps", "logs", "kill", "mcp"]);

function asksStreamJsonInput(argv: readonly string[]): boolean {
  return argv.some(
    (arg, i) =>
      arg === "--input-format=stream-json" ||
      (arg === "--input-format" && argv[i + 1] === "stream-json"),
  );
}

/**
 * Whether the print bundle should run these arguments: print mode (`-p`, stream-json input) and
 * the headless subcommands and `--bg`. A cheap guess made before anything loads; when it is wrong the other
 * way (the arguments want the REPL after all), the print bundle hands over before doing anything.
 * `keel attach` is left to the full build: it may continue in the REPL after following a task.
 */
export function printBundleServes(argv: readonly string[]): boolean {
  const first = argv[0];
  if (first !== undefined && HEADLESS_SUBCOMMANDS.has(first)) return true;
  const task = taskCommandName(argv);
  if (task === "bg") return true; // the parent only starts a `keel -p` child
  if (task !== undefined) return false;
  return argv.includes("-p") || argv.includes("--print") || asksStreamJsonInput(argv);
}
