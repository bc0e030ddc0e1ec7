import { NO_REDIS_MESSAGE } from "../../remote/redis-url.js";
import type { SessionEvent } from "../../session/engine/session-event.js";
import type {
  RemoteAgentHandle,
  RemoteAgentLauncher,
  RemoteAgentRequest,
} from "../../tools/builtin/agent/remote-isolation.js";
import { remoteTarget } from "./remote-target.js";

/** What a session's remote agents are set up from. */
export interface RemoteAgentsOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** The session's --allowedTools and --disallowedTools, sent as `keel --remote` sends them. */
  allowedTools: readonly string[];
  disallowedTools: readonly string[];
  /** Where a remote agent's end is told (the session's task notices). */
  deliver: (event: SessionEvent) => void;
  onError: (error: unknown) => void;
  /** How often a running remote task's state is looked at (default 1000 ms). */
  pollMs?: number;
}

/** The Agent tool's remote launcher and the watches it started. */
export interface RemoteAgents {
  launch: RemoteAgentLauncher;
  /** Stops watching (the remote tasks run on; their ends are no longer told). */
  dispose(): Promise<void>;
}

/**
 * Remote agents for a session: each call submits a task through the same library function as
 * `keel --remote`, then watches it in the background and delivers a task notification when it
 * ends. bullmq and ioredis are loaded only when a remote agent is started.
 */
export function createRemoteAgents(options: RemoteAgentsOptions): RemoteAgents {
  const watches = new Map<string, { abort: AbortController; done: Promise<void> }>();
  const launch = async (request: RemoteAgentRequest): Promise<RemoteAgentHandle> => {
    const target = await remoteTarget(options.env);
    if (!target) throw new Error(NO_REDIS_MESSAGE);
    const { submitFromRepository } = await import("../../remote/submit-from-repo.js");
    const { taskId } = await submitFromRepository(target, request.cwd, {
      prompt: request.prompt,
      permissionMode: request.permissionMode,
      allowedTools: [...options.allowedTools],
      disallowedTools: [...options.disallowedTools],
      ...(request.model === undefined ? {} : { model: request.model }),
    });
    const abort = new AbortController();
    const done = watch(target.redisUrl, target.queue, taskId, request.description, abort.signal)
      .catch(options.onError)
      .finally(() => watches.delete(taskId));
    watches.set(taskId, { abort, done });
    return { taskId, branch: `keel/${taskId}` };
  };
  const watch = async (
    redisUrl: string,
    queue: string,
    taskId: string,
    description: string,
    signal: AbortSignal,
  ) => {
    const { waitForRemoteEnd } = await import("../../remote/watch-task.js");
    const pollMs = options.pollMs ?? 1000;
    const end = await waitForRemoteEnd(redisUrl, queue, taskId, { pollMs, signal });
    if (!end || signal.aborted) return;
    options.deliver({ type: "task_notification", ...end, description });
  };
  return {
    launch,
    dispose: async () => {
      const all = [...watches.values()];
      for (const entry of all) entry.abort.abort();
      await Promise.all(all.map((entry) => entry.done));
    },
  };
}
