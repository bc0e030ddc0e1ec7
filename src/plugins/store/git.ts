import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs git; a failure is an error carrying git's own message. Hooks and prompts are off. */
async function git(args: readonly string[], cwd?: string): Promise<string> {
  try {
    const { stdout } = await run("git", [...args], {
      ...(cwd ? { cwd } : {}),
      // A repository's own hooks never run on keel's fetches, and git never waits for a password.
      env: {
        ...process.env,
        GIT_TERMINAL_PROMPT: "0",
        GIT_CONFIG_PARAMETERS: "'core.hooksPath=/dev/null'",
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`git ${args[0]} failed: ${stderr || (error as Error).message}`);
  }
}

export const gitOps = {
  clone: (url: string, into: string, ref?: string) =>
    git(["clone", "--quiet", "--depth", "1", ...(ref ? ["--branch", ref] : []), url, into]),
  pull: (dir: string) => git(["pull", "--quiet", "--ff-only"], dir),
  head: (dir: string) => git(["rev-parse", "HEAD"], dir),
};
