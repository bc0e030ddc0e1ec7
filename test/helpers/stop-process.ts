import type { ChildProcess } from "node:child_process";
import { once } from "node:events";

/** Ends a child process still running with SIGTERM and waits for it to exit. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}
