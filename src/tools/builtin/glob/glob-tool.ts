import { homedir } from "node:os";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import { NOTHING_DENIED } from "../../read-denial.js";
import type { Tool } from "../../tool.js";
import { resolveInputPath } from "../file-paths.js";
import { checkReadPermission, readableFolders } from "../read-permission.js";
import { ripgrepPath } from "../ripgrep.js";
import { searchJail } from "../search-jail.js";
import { findSearchFolder } from "../search-root.js";
import { globDescription } from "./description.js";
import { globToRegExp } from "./glob-matcher.js";
import { planGlob } from "./glob-plan.js";
import { type GlobInput, globInputSchema } from "./input.js";
import { listMatchingFiles } from "./list-files.js";
import { type GlobOutput, mapGlobResult } from "./output.js";

/** Claude Code's cap on the files one Glob lists. */
export const GLOB_MAX_RESULTS = 100;

/** Creates the Glob tool of one session (a file search through `rg --files`). */
export function createGlobTool(config: BuiltinToolsConfig): Tool<GlobInput, GlobOutput> {
  const home = config.env.HOME ?? homedir();
  const planFor = (input: GlobInput, cwd: string) =>
    planGlob(input.pattern, resolveInputPath(input.path ?? ".", cwd, home));
  return {
    name: "Glob",
    description: globDescription(GLOB_MAX_RESULTS),
    inputSchema: globInputSchema,
    maxResultSizeChars: 100_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async validateInput(input) {
      try {
        globToRegExp(input.pattern);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
    checkPermissions: (input, context) =>
      checkReadPermission(
        "Glob",
        planFor(input, context.options.cwd).dir,
        context,
        config.stateDir,
      ),
    async call(input, context) {
      const plan = planFor(input, context.options.cwd);
      await findSearchFolder(plan.searchDir, context.options.cwd);
      const denial = context.options.readDenial ?? NOTHING_DENIED;
      const rgPath = await ripgrepPath();
      const jail = await searchJail({
        root: plan.dir,
        cwd: plan.dir,
        rgPath,
        folders: readableFolders(context, config.stateDir),
        path: config.env.PATH,
        hidden: () => denial.hiddenPaths(),
      });
      const data = await listMatchingFiles({
        plan,
        denial,
        env: config.env,
        signal: context.signal,
        maxResults: GLOB_MAX_RESULTS,
        rgPath,
        jail,
      });
      return { data };
    },
    mapToolResult: mapGlobResult,
  };
}
