/** The Bash built-in tool. */
export { type BashToolOptions, createBashTool } from "./bash-tool.js";
export { type BashLimits, bashLimits } from "./limits.js";
export type { BashProgress } from "./run-bash.js";
export { type BashInput, type BashOutput, bashInputSchema } from "./schema.js";
