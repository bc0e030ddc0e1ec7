import type { ProfileSummary } from "./cpu-profile.js";
import { markdownTable } from "./tools-table.js";

/** The CPU profile summary of `what` as markdown: top functions by self time, then owners. */
export function profilesMarkdown(summary: ProfileSummary, what: string): string {
  const functions = summary.topFunctions.map((f) => [f.name, f.where, `${f.selfMs} ms`]);
  const owners = summary.byOwner.map((o) => [o.owner, `${o.selfMs} ms`]);
  return [
    `### CPU profile of ${what} (node --cpu-prof, mean of ${summary.profiles} profiles, ${summary.totalMs} ms sampled per run)`,
    "",
    "`compileSourceTextModule` is V8 compiling the bundle's ES modules; `(program)` is native work V8 attributes to no function; `(idle)` is waiting (for the server, a child process, the disk).",
    "",
    markdownTable(["Function (self time)", "Where (source map)", "Self"], functions),
    "",
    markdownTable(["Owner (package or src/ folder)", "Self"], owners),
  ].join("\n");
}
