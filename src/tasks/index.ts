/** Background tasks: shells and agents that outlive the turn, visible to every keel process. */
export { BackgroundAgents, type BackgroundAgentsOptions } from "./background-agents.js";
export { type FollowOptions, followTaskOutput } from "./follow-output.js";
export { type KillOptions, type KillOutcome, killTask } from "./kill-task.js";
export { type AgentLaunch, launchBackgroundAgent, TASK_ID_ENV } from "./launch-agent.js";
export { taskNotificationsSource } from "./notifications.js";
export { EXITED_UNEXPECTEDLY, observedTask } from "./observed-task.js";
export { openTaskStore } from "./open-store.js";
export { nodeProcessProbe, type ProcessProbe } from "./process-probe.js";
export { runAsTask } from "./run-as-task.js";
export { createSessionTasks, type SessionTasks, type SessionTasksInput } from "./session-tasks.js";
export { shellTaskRecorder } from "./shell-recorder.js";
export * from "./task-meta.js";
export { type TaskPaths, taskPaths, tasksRoot } from "./task-paths.js";
export { TaskStore, type TaskStoreDeps } from "./task-store.js";
