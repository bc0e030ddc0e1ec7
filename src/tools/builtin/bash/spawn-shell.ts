import {
  type ChildProcess,
  type ChildProcessByStdio,
  type StdioOptions,
  spawn,
} from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { groupAlive, trackGroup, untrackGroup } from "./live-groups.js";

/** A script to run with a shell, and where. */
export interface ShellStart {
  shell: string;
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Options for the shell itself, before `-c` (e.g. bash's `--norc`). */
  shellFlags?: readonly string[];
}

/** Output read through pipes (a foreground command). */
export type PipedOutput = ["ignore", "pipe", "pipe"];

/** Input written through a pipe, output read through pipes (a hook fed JSON on stdin). */
export type PipedInputOutput = ["pipe", "pipe", "pipe"];

/** Output written straight to an open file, both streams to one descriptor (a background shell). */
export type FileOutput = ["ignore", number, number];

/**
 * Starts `shell -c script` as the leader of its own process group (detached), so the command
 * and everything it starts can be signalled together; stdin is /dev/null unless piped.
 */
export function spawnShell(
  start: ShellStart,
  stdio: PipedOutput,
): ChildProcessByStdio<null, Readable, Readable>;
export function spawnShell(
  start: ShellStart,
  stdio: PipedInputOutput,
): ChildProcessByStdio<Writable, Readable, Readable>;
export function spawnShell(
  start: ShellStart,
  stdio: FileOutput,
): ChildProcessByStdio<null, null, null>;
export function spawnShell(start: ShellStart, stdio: StdioOptions): ChildProcess {
  const child = spawn(start.shell, [...(start.shellFlags ?? []), "-c", start.script], {
    cwd: start.cwd,
    env: start.env,
    detached: true,
    stdio,
  });
  const groupId = child.pid;
  if (groupId !== undefined) {
    trackGroup(groupId);
    child.once("exit", () => {
      if (!groupAlive(groupId)) untrackGroup(groupId);
    });
  }
  return child;
}
