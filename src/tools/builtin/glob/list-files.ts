import { stat } from "node:fs/promises";
import { sep } from "node:path";
import type { ReadDenial } from "../../read-denial.js";
import type { Jail } from "../bash/read-only-jail.js";
import { NewestFirst } from "../newest-first.js";
import { parentsMayHoldIgnoreRules } from "../parent-ignores.js";
import { runRipgrep } from "../ripgrep.js";
import { globMatcher } from "./glob-matcher.js";
import { type GlobPlan, globArgs } from "./glob-plan.js";
import type { GlobOutput } from "./output.js";

/** How one Glob lists files. */
export interface FileListing {
  plan: GlobPlan;
  /** Files Read deny rules withhold: never listed, and not walked where ripgrep can skip them. */
  denial: ReadDenial;
  env: Readonly<Record<string, string | undefined>>;
  signal: AbortSignal;
  maxResults: number;
  /** The ripgrep binary. */
  rgPath: string;
  /** The read-only jail ripgrep runs in, if any (search-jail.ts). */
  jail?: Jail;
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}

/**
 * Lists the files a plan matches, newest first: ripgrep lists every file it does not ignore
 * (.gitignore, hidden), the glob is matched here, and the matches are sorted by modification time.
 */
export async function listMatchingFiles(listing: FileListing): Promise<GlobOutput> {
  const { plan } = listing;
  // The pattern's fixed folders may not exist: then nothing matches.
  if (plan.dir !== plan.searchDir && !(await isFolder(plan.dir))) {
    return { filenames: [], truncated: false };
  }
  const matches = globMatcher(plan.glob);
  const prefix = plan.dir.endsWith(sep) ? plan.dir : `${plan.dir}${sep}`;
  const found = new NewestFirst();
  const result = await runRipgrep({
    rgPath: listing.rgPath,
    args: globArgs(plan, {
      parentRules: parentsMayHoldIgnoreRules(plan.dir),
      denied: listing.denial.excludeGlobs(plan.dir),
    }),
    cwd: plan.dir,
    env: listing.env,
    signal: listing.signal,
    map: (line) => {
      const listed = line.startsWith(prefix) && matches(line.slice(prefix.length));
      if (listed && !listing.denial.denies(line)) found.add(line);
      return [];
    },
    jail: listing.jail,
  });
  if (result.exitCode === 2 && found.size === 0 && result.stderr.trim() !== "") {
    throw new Error(`Glob could not list ${plan.dir}: ${firstLine(result.stderr)}`);
  }
  const data: GlobOutput = {
    filenames: found.newest(listing.maxResults),
    truncated: found.size > listing.maxResults,
  };
  return result.exitCode === 2 ? { ...data, warning: firstLine(result.stderr) } : data;
}
