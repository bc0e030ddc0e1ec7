import { ripgrepPath, runRipgrep } from "../../../tools/builtin/ripgrep.js";

/** At most this many files are offered (a huge tree must not stall the prompt). */
export const MAX_PROJECT_FILES = 50_000;

/** Where and how the project's files are listed. */
export interface ProjectFilesRequest {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  signal: AbortSignal;
}

/**
 * The files under the working folder, relative to it with `/` separators, as ripgrep lists
 * them: .gitignore'd files left out, hidden ones kept (except .git).
 */
export async function listProjectFiles(request: ProjectFilesRequest): Promise<string[]> {
  const output = await runRipgrep({
    rgPath: await ripgrepPath(),
    args: ["--no-config", "--files", "--hidden", "--glob", "!.git"],
    cwd: request.cwd,
    env: request.env,
    signal: request.signal,
    maxLines: MAX_PROJECT_FILES,
    map: (line) => [line.replace(/^\.\//, "").replaceAll("\\", "/")],
  });
  return output.lines.sort();
}
