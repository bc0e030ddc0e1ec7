import { homedir } from "node:os";
import { dirname, sep } from "node:path";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import { NOTHING_DENIED, type ReadDenial } from "../../read-denial.js";
import type { Tool } from "../../tool.js";
import { resolveInputPath } from "../file-paths.js";
import { parentsMayHoldIgnoreRules } from "../parent-ignores.js";
import { checkReadPermission, readableFolders } from "../read-permission.js";
import { ripgrepPath } from "../ripgrep.js";
import { searchJail } from "../search-jail.js";
import { findSearchRoot, type SearchRoot } from "../search-root.js";
import { grepDescription } from "./description.js";
import { filterLines, type GlobFilter, planGlobFilter } from "./glob-filter.js";
import { type GrepInput, type GrepMode, grepInputSchema } from "./input.js";
import { type GrepOutput, mapGrepResult } from "./output.js";
import { grepArgs } from "./rg-args.js";
import { runGrepSearch } from "./search.js";

/** Lines or entries shown when head_limit is not given (Claude Code's default). */
export const GREP_DEFAULT_HEAD_LIMIT = 250;

/** Results over this many characters are spilled to a file by the orchestration (Claude Code's cap). */
export const GREP_MAX_RESULT_CHARS = 20_000;

/** ripgrep's output is never collected past this many characters. */
const MAX_COLLECTED_CHARS = 5_000_000;

/** The folder ripgrep runs in: globs are relative to it. */
function folderOf(root: SearchRoot): string {
  return root.isDirectory ? root.path : dirname(root.path);
}

/** Ignore rules above the root can matter (a file given by name is searched whatever they say). */
function parentRulesApply(root: SearchRoot): boolean {
  return root.isDirectory && parentsMayHoldIgnoreRules(root.path);
}

/**
 * The line filter for the glob field (relative to the search folder) and for files Read deny
 * rules withhold; none when neither can drop a line.
 */
function lineFilter(filter: GlobFilter, mode: GrepMode, folder: string, denial: ReadDenial) {
  const { matches } = filter;
  const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
  const accept = (relative: string) =>
    (!matches || matches(relative)) && !denial.denies(`${prefix}${relative}`);
  return { map: filterLines(mode, prefix, accept) };
}

/** Creates the Grep tool of one session (a content search through ripgrep). */
export function createGrepTool(config: BuiltinToolsConfig): Tool<GrepInput, GrepOutput> {
  const home = config.env.HOME ?? homedir();
  const pathOf = (input: GrepInput, cwd: string) => resolveInputPath(input.path ?? ".", cwd, home);
  return {
    name: "Grep",
    description: grepDescription(GREP_DEFAULT_HEAD_LIMIT),
    inputSchema: grepInputSchema,
    maxResultSizeChars: GREP_MAX_RESULT_CHARS,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async validateInput(input) {
      try {
        planGlobFilter(input.glob, input.type !== undefined);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
    checkPermissions: (input, context) =>
      checkReadPermission("Grep", pathOf(input, context.options.cwd), context, config.stateDir),
    async call(input, context) {
      const root = await findSearchRoot(pathOf(input, context.options.cwd), context.options.cwd);
      const mode = input.output_mode ?? "files_with_matches";
      const filter = planGlobFilter(input.glob, input.type !== undefined);
      const denial = context.options.readDenial ?? NOTHING_DENIED;
      const walk = {
        parentRules: parentRulesApply(root),
        denied: denial.excludeGlobs(folderOf(root)),
      };
      const rgPath = await ripgrepPath();
      const jail = await searchJail({
        root: root.path,
        cwd: folderOf(root),
        rgPath,
        folders: readableFolders(context, config.stateDir),
        path: config.env.PATH,
        hidden: () => denial.hiddenPaths(),
      });
      const data = await runGrepSearch({
        rgPath,
        args: grepArgs(input, mode, root.path, filter, walk),
        cwd: folderOf(root),
        env: config.env,
        signal: context.signal,
        mode,
        offset: input.offset ?? 0,
        headLimit: input.head_limit ?? GREP_DEFAULT_HEAD_LIMIT,
        maxCollectedChars: MAX_COLLECTED_CHARS,
        ...lineFilter(filter, mode, folderOf(root), denial),
        jail,
        withheld: (path) => denial.denies(path),
      });
      return { data };
    },
    mapToolResult: mapGrepResult,
  };
}
