// What bin.ts needs from a build of the CLI: the full build's chunk and the print bundle both
// export exactly this, so bin.ts can run either (and clean up after both).
import "./zod-jitless.js";
import type { CliIo } from "./io.js";
import { keepGrammarAtBaseline } from "./wasm-baseline.js";

export { killLiveGroups } from "../tools/builtin/bash/live-groups.js";

/**
 * Runs the CLI. main.js is loaded only now: zod reads its JIT setting as each schema is made,
 * most schemas are made as their modules load, and in the split build every module a static
 * import reaches would load before zod-jitless.js had run.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  keepGrammarAtBaseline();
  const { runCli: run } = await import("./main.js");
  return run(argv, io);
}
