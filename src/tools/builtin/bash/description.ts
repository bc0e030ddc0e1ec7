import type { BashLimits } from "./limits.js";

/** What the model is told about Bash (our own words). */
export function bashDescription(limits: BashLimits): string {
  const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;
  return [
    "Runs a command with bash and returns its output (stdout, stderr) and exit status.",
    "",
    "- The working directory carries over between calls: a `cd` in one command holds for the next ones. Prefer absolute paths.",
    "- Standard input is empty (/dev/null): commands that wait for input or a terminal get none, so use non-interactive flags.",
    `- A command may run for ${minutes(limits.defaultTimeoutMs)} unless \`timeout\` (in milliseconds, at most ${limits.maxTimeoutMs}) says otherwise; when time runs out, the command and everything it started are stopped.`,
    `- Output longer than ${limits.maxOutputChars} characters keeps its beginning and end; the full output is saved to a file you can Read.`,
    "- Processes a command leaves running in the background (`&`) are stopped when it ends. For something that should keep running (a server, a watcher, a long build), set `run_in_background: true` instead: the call returns at once with a task id, no timeout applies, and the output goes to a file. Read what is new with TaskOutput (it can wait for the end), stop it with TaskStop; it is stopped anyway when the session ends. Do not add `&` to such a command.",
    "- For files, prefer the dedicated tools: Read instead of cat/head/tail, Grep instead of grep/rg, Glob instead of find/ls, Edit and Write instead of sed, echo > or heredocs.",
    "- Quote paths that contain spaces. Join dependent commands with `&&`; independent read-only commands can be separate calls made together.",
    "- `description`: a few words saying what the command does, for the user.",
  ].join("\n");
}
