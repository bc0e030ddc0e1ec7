const REMOTE_FLAGS = new Set(["--remote", "--cloud"]);

/** Whether the command line submits a remote task (`--remote`, or Claude Code's `--cloud`). */
export function isRemoteSubmit(argv: readonly string[]): boolean {
  return argv.some((arg) => REMOTE_FLAGS.has(arg));
}

/** The command line without the remote flags (the rest is keel's ordinary flags). */
export function withoutRemoteFlags(argv: readonly string[]): string[] {
  return argv.filter((arg) => !REMOTE_FLAGS.has(arg));
}
