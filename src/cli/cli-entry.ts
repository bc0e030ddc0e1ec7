// What bin.ts needs from a build of the CLI: the full build's chunk and the print bundle both
// export exactly this, so bin.ts can run either (and clean up after both).
import "./zod-jitless.js";

export { killLiveGroups } from "../tools/builtin/bash/live-groups.js";
export { runCli } from "./main.js";
