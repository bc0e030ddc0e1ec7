import type { AttachmentSource } from "../session/attachments/sources.js";
import type { SessionEvent } from "../session/engine/session-event.js";
import type { ShellTaskObserver } from "../tools/background/shell-observer.js";
import { BackgroundAgents } from "./background-agents.js";
import { BackgroundWorkflows } from "./background-workflows.js";
import { McpMonitors } from "./mcp-monitors.js";
import { taskNotification, taskNotificationsSource } from "./notifications.js";
import { shellTaskRecorder } from "./shell-recorder.js";
import { tasksRoot } from "./task-paths.js";
import { TaskStore, type TaskStoreDeps } from "./task-store.js";

/** What a session's tasks are set up from. */
export interface SessionTasksInput extends TaskStoreDeps {
  stateDir: string;
  sessionId: string;
  cwd: string;
  /** Told of a task record that could not be written. */
  onError?: (error: unknown) => void;
}

/** The pieces a session wires in to make its background work visible as tasks. */
export interface SessionTasks {
  store: TaskStore;
  /** For BackgroundShells (`observer`): shells become local_bash tasks. */
  shellObserver: ShellTaskObserver;
  /** For the Agent tool (`launchBackground: backgroundAgents.launch`). */
  backgroundAgents: BackgroundAgents;
  /** For the Workflow tool (`launch`): runs held with the agents (waited for, stopped with them). */
  backgroundWorkflows: BackgroundWorkflows;
  /** For Monitor's `mcp` field and TaskStop: the session's `monitor_mcp` tasks. */
  mcpMonitors: McpMonitors;
  /** For the attachment collector (`taskNotifications`): background shells' ends. */
  notifications: AttachmentSource;
  /**
   * Where a background agent's end is told (the engine's `deliver`, which starts a turn when
   * the session is idle); undefined stops telling. Ends before a target is set are not told.
   */
  deliverTo(target: ((event: SessionEvent) => void) | undefined): void;
  /** Tells an event (a monitor's) to the current target; dropped when there is none. */
  deliver(event: SessionEvent): void;
  /** Stops telling of ends, stops the background agents and MCP monitors, records their ends. */
  dispose(): Promise<void>;
}

/** A session's task wiring over `<state>/tasks`; its notices cover tasks started from now on. */
export function createSessionTasks(input: SessionTasksInput): SessionTasks {
  const store = new TaskStore(tasksRoot(input.stateDir), input);
  const onError = input.onError ?? (() => {});
  let target: ((event: SessionEvent) => void) | undefined;
  const backgroundAgents = new BackgroundAgents(store, {
    sessionId: input.sessionId,
    cwd: input.cwd,
    onError,
    onEnded: async (task) => {
      if (!target) return;
      const event = await taskNotification(task, store);
      // Looked at again: the session may have ended while the summary was read.
      target?.(event);
    },
  });
  const backgroundWorkflows = new BackgroundWorkflows(store, backgroundAgents, {
    sessionId: input.sessionId,
    cwd: input.cwd,
    onError,
    onEnded: async (task) => {
      if (!target) return;
      const event = await taskNotification(task, store);
      target?.(event);
    },
  });
  const mcpMonitors = new McpMonitors({
    store,
    sessionId: input.sessionId,
    cwd: input.cwd,
    deliver: (event) => target?.(event),
    onError,
  });
  return {
    store,
    shellObserver: shellTaskRecorder(store, { sessionId: input.sessionId, onError }),
    backgroundAgents,
    backgroundWorkflows,
    mcpMonitors,
    notifications: taskNotificationsSource(store, {
      sessionId: input.sessionId,
      since: store.time(),
      kinds: ["local_bash"],
    }),
    deliverTo: (next) => {
      target = next;
    },
    deliver: (event) => target?.(event),
    dispose: async () => {
      target = undefined;
      await Promise.all([backgroundAgents.dispose(), mcpMonitors.dispose()]);
    },
  };
}
