import { isRemoteTaskId } from "../../remote/remote-status.js";
import { followTaskOutput } from "../../tasks/follow-output.js";
import { openTaskStore } from "../../tasks/open-store.js";
import { isTerminalTaskStatus, type TaskMeta } from "../../tasks/task-meta.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { findTask } from "./find-task.js";
import { FOLLOW_INTERVAL_MS } from "./logs-command.js";
import { parseTaskCommand, taskCommand } from "./parse-args.js";

/** True when keel runs in a terminal a person types into (the REPL can open there). */
function interactive(io: CliIo): boolean {
  return io.stdin.isTTY === true && (io.stdout as { isTTY?: boolean }).isTTY === true;
}

/**
 * The session a person can continue: a `keel --bg` agent runs a session of its own (its
 * process group is its own, pgid). An Agent-tool agent has none: its sessionId is the parent
 * session's, which may still be open elsewhere.
 */
function ownSession(task: TaskMeta): string | undefined {
  return task.pgid === undefined ? undefined : task.sessionId;
}

/** A remote task: followed from Redis, then its branch and session brought here. */
async function attachRemote(id: string, io: CliIo): Promise<number> {
  const { remoteAttach } = await import("../remote/remote-task-commands.js");
  const inRepl = async (session: string) => {
    const { continueInRepl } = await import("../repl/startup/continue-in-repl.js");
    return continueInRepl(session, io.cwd, io);
  };
  return remoteAttach(id, io, interactive(io) ? inRepl : undefined);
}

/**
 * `keel attach <id>`: follows a background agent's session live (its text and tool calls)
 * until it ends or is stopped (`keel kill`). Then, in a terminal, a `keel --bg` agent's
 * session continues in the REPL (as `keel --resume <session>` would); otherwise keel says
 * how it ended and how to continue it. Ctrl+C while following detaches: the task runs on.
 */
export async function attachCommand(argv: string[], io: CliIo): Promise<number> {
  const command = taskCommand(
    "attach",
    "follow a background agent live until it ends, then continue its session in the REPL",
  ).argument("<id>", "the task's id (see keel ps)");
  const parsed = await parseTaskCommand(command, argv, io);
  if ("exitCode" in parsed) return parsed.exitCode;
  const id = parsed.args[0] ?? "";
  if (isRemoteTaskId(id)) return attachRemote(id, io);
  const store = openTaskStore(io.env);
  const task = await findTask(store, id, io);
  if (!task) return 1;
  if (task.kind !== "local_agent") {
    await writeTo(io.stderr, `keel: ${task.id} is a shell, not an agent: use keel logs -f\n`);
    return 1;
  }
  const ended = await followTaskOutput(store, task, (text) => writeTo(io.stdout, text), {
    follow: true,
    polling: { intervalMs: FOLLOW_INTERVAL_MS },
    signal: io.signal,
  });
  if (!isTerminalTaskStatus(ended.status)) return 130; // detached by Ctrl+C; the task runs on
  const session = ownSession(ended);
  if (session && interactive(io)) {
    await writeTo(io.stderr, `keel: ${ended.id} ${ended.status}; continuing its session\n`);
    // Loaded only now: following a task, and every non-terminal use, never load ink.
    const { continueInRepl } = await import("../repl/startup/continue-in-repl.js");
    return continueInRepl(session, ended.cwd, io);
  }
  const resume = ended.sessionId ? ` (continue it with keel --resume ${ended.sessionId})` : "";
  await writeTo(io.stderr, `keel: ${ended.id} ${ended.status}${resume}\n`);
  return 0;
}
