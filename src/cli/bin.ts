import { killLiveGroups } from "../tools/builtin/bash/live-groups.js";
import { VERSION } from "../version.js";

/** Exit codes for the signals that stop keel (contracts.md §2). */
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/** Exits, killing first any shell process a cut-short stop left behind. */
function exit(code: number): never {
  killLiveGroups();
  process.exit(code);
}

/** The `keel` executable: answers --version before loading anything, maps signals to exit codes. */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    process.stdout.write(`${VERSION} (keel)\n`);
    return;
  }
  const controller = new AbortController();
  let signalled: keyof typeof SIGNAL_EXIT_CODES | undefined;
  for (const name of ["SIGINT", "SIGTERM"] as const) {
    process.on(name, () => {
      if (signalled) exit(SIGNAL_EXIT_CODES[signalled]);
      signalled = name;
      controller.abort(name);
    });
  }
  const { runCli } = await import("./main.js");
  const code = await runCli(argv, {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
  });
  exit(signalled ? SIGNAL_EXIT_CODES[signalled] : code);
}

await main();
