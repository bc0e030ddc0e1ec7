import { execFile } from "node:child_process";

/** Runs git in a folder with keel's identity for its commits; resolves with stdout. */
export function git(
  cwd: string,
  args: readonly string[],
  extraEnv: Readonly<Record<string, string>> = {},
): Promise<string> {
  const identity = ["-c", "user.name=keel", "-c", "user.email=keel@localhost"];
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      [...identity, ...args],
      {
        cwd,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", ...extraEnv },
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`git ${args[0]} failed: ${stderr.trim() || error.message}`));
        else resolve(stdout);
      },
    );
  });
}
