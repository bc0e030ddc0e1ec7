import { open } from "node:fs/promises";
import type { SessionEvent } from "../../../session/engine/session-event.js";
import type { BackgroundShells } from "../../background/background-shells.js";
import type { ShellTaskState } from "../../background/shell-task.js";
import { eventText, type MonitorLimits } from "./flood-control.js";
import { LineSplitter } from "./line-splitter.js";

/** Where a monitor's events go: the engine's `deliver` (a turn when idle, else an attachment). */
export type MonitorEventSink = (event: SessionEvent) => void;

/** One monitor to follow: a started background shell and what to tell of it. */
export interface MonitorWatchInput {
  taskId: string;
  description: string;
  outputFile: string;
  timeoutMs: number;
}

export interface MonitorWatchDeps {
  shells: BackgroundShells;
  deliver: MonitorEventSink;
  limits: MonitorLimits;
  /** The batching window (default 200 ms, Claude Code's). */
  windowMs?: number;
}

/** Why a monitor ended, as told to the model. */
type MonitorEnd =
  | { kind: "exited"; state: ShellTaskState }
  | { kind: "deadline"; timeoutMs: number }
  | { kind: "budget"; maxTotalChars: number };

/**
 * Follows a monitor's output file: every window, the whole lines that arrived become one event
 * (flood-controlled); the deadline or the output budget stops the shell; the end is one last
 * event. Settles when the monitor has ended and its end was told.
 */
export async function watchMonitor(
  input: MonitorWatchInput,
  deps: MonitorWatchDeps,
): Promise<void> {
  const windowMs = deps.windowMs ?? 200;
  const splitter = new LineSplitter();
  const file = await open(input.outputFile, "a+");
  let offset = 0;
  let told = 0;
  let end: MonitorEnd | undefined;
  const deadline = setTimeout(() => {
    end ??= { kind: "deadline", timeoutMs: input.timeoutMs };
    void deps.shells.stop(input.taskId).catch(() => undefined);
  }, input.timeoutMs);
  const tell = (text: string) =>
    deps.deliver({
      type: "monitor_event",
      taskId: input.taskId,
      description: input.description,
      text,
    });
  const readNew = async (): Promise<string> => {
    const chunks: Buffer[] = [];
    for (;;) {
      const buffer = Buffer.alloc(64 * 1024);
      const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks).toString("utf8");
  };
  try {
    for (;;) {
      const state = await deps.shells.waitForEnd(input.taskId, windowMs);
      const ended = state.status !== "pending" && state.status !== "running";
      const lines = splitter.push(await readNew());
      if (ended) lines.push(...splitter.flush());
      if (lines.length > 0 && told < deps.limits.maxTotalChars) {
        const text = eventText(lines, deps.limits);
        told += text.length;
        tell(text);
        if (told >= deps.limits.maxTotalChars && !ended) {
          end ??= { kind: "budget", maxTotalChars: deps.limits.maxTotalChars };
          await deps.shells.stop(input.taskId);
        }
      }
      if (ended) {
        end ??= { kind: "exited", state };
        break;
      }
    }
  } finally {
    clearTimeout(deadline);
    await file.close();
  }
  tell(endText(end));
}

function endText(end: MonitorEnd): string {
  switch (end.kind) {
    case "deadline":
      return `[monitor ended: its deadline of ${end.timeoutMs} ms passed; start it again to keep watching]`;
    case "budget":
      return `[monitor stopped: its events reached ${end.maxTotalChars} characters, the most one monitor may send]`;
    case "exited":
      return end.state.status === "killed"
        ? "[monitor stopped]"
        : `[monitor ended: the command exited${"exitCode" in end.state ? ` with code ${end.state.exitCode}` : ""}]`;
  }
}
