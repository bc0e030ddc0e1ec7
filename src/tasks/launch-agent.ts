import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { describePrompt } from "./describe.js";
import { newAgentTaskId } from "./task-id.js";
import { type TaskMeta, withStatus } from "./task-meta.js";
import type { TaskStore } from "./task-store.js";

/** The variable that tells a keel process it is background task `<id>` (see runAsTask). */
export const TASK_ID_ENV = "KEEL_TASK_ID";

/** A detached `keel -p` to start as a background agent. */
export interface AgentLaunch {
  store: TaskStore;
  /** The program and its first arguments: node and keel's script. */
  command: readonly string[];
  /** keel's arguments: -p, the prompt, the flags (stream-json output included). */
  args: readonly string[];
  prompt: string;
  /** The session the agent runs, when known in advance (--session-id). */
  sessionId?: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  newId?: () => string;
  now?: () => number;
}

function childEnv(launch: AgentLaunch, id: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(launch.env)) if (value !== undefined) env[key] = value;
  env[TASK_ID_ENV] = id;
  return env;
}

/**
 * Starts keel as a background agent: registers the task (pending), starts the process in a
 * session of its own (detached: it outlives the terminal) with stdout and stderr going to the
 * task's output.log, records its pid and returns without waiting for it. The child records
 * its own start and end (runAsTask).
 */
export async function launchBackgroundAgent(launch: AgentLaunch): Promise<TaskMeta> {
  const { store } = launch;
  const id = (launch.newId ?? newAgentTaskId)();
  const pending: TaskMeta = {
    id,
    kind: "local_agent",
    prompt: launch.prompt,
    description: describePrompt(launch.prompt),
    cwd: launch.cwd,
    ...(launch.sessionId === undefined ? {} : { sessionId: launch.sessionId }),
    startedAt: (launch.now ?? Date.now)(),
    status: "pending",
  };
  const paths = await store.create(pending);
  const log = openSync(paths.output, "a");
  const [program = process.execPath, ...first] = launch.command;
  try {
    const child = spawn(program, [...first, ...launch.args], {
      cwd: launch.cwd,
      env: childEnv(launch, id),
      detached: true,
      stdio: ["ignore", log, log],
    });
    const started = await new Promise<TaskMeta>((resolve) => {
      child.once("error", (error) => {
        const end = { endedAt: Date.now(), exitCode: null, error: error.message };
        resolve(withStatus(pending, { status: "failed", ...end }));
      });
      if (child.pid === undefined) return;
      // Synchronously, before the child's runtime has even loaded: it reads this to start.
      const pid = child.pid;
      const startTime = store.processes.startTime(pid);
      const withPid: TaskMeta = {
        ...pending,
        pid,
        pgid: pid,
        ...(startTime === undefined ? {} : { pidStartTime: startTime }),
      };
      store.writeSync(withPid);
      child.once("spawn", () => resolve(withPid));
    });
    child.unref();
    if (started.status === "failed") await store.write(started);
    return started;
  } finally {
    closeSync(log);
  }
}
