import type { TaskListStore } from "../../task-list/task-list-store.js";
import { type BackgroundShells, createBackgroundShells } from "../background/index.js";
import type { BuiltinToolsConfig } from "../builtin-config.js";
import type { BashSandbox } from "../sandbox/bash-sandbox.js";
import type { AnyTool } from "../tool.js";
import { createAskUserQuestionTool } from "./ask-user-question/ask-user-question-tool.js";
import { createBashTool } from "./bash/index.js";
import { createEditTool } from "./edit/edit-tool.js";
import { createGlobTool } from "./glob/glob-tool.js";
import { createGrepTool } from "./grep/grep-tool.js";
import type { McpMonitorLauncher } from "./monitor/mcp-source.js";
import { createMonitorTool } from "./monitor/monitor-tool.js";
import type { MonitorEventSink } from "./monitor/monitor-watch.js";
import { createEnterPlanModeTool } from "./plan-mode/enter-plan-mode-tool.js";
import { createExitPlanModeTool } from "./plan-mode/exit-plan-mode-tool.js";
import { planFilePath } from "./plan-mode/plan-file.js";
import { PlanModeState } from "./plan-mode/plan-mode-state.js";
import { createReadTool } from "./read/read-tool.js";
import { createSendMessageTool, type SendMessageDeps } from "./send-message/send-message-tool.js";
import { createTaskListTools } from "./task-list/task-list-tools.js";
import { createTaskOutputTool } from "./task-output/task-output-tool.js";
import { createTaskStopTool } from "./task-stop/task-stop-tool.js";
import { createTodoWriteTool } from "./todo-write/todo-write-tool.js";
import { createWebFetchTool, type WebFetchDeps } from "./web-fetch/web-fetch-tool.js";
import { createWebSearchTool, type WebSearchDeps } from "./web-search/web-search-tool.js";
import { createWriteTool } from "./write/write-tool.js";

/** What the built-in tools of a session can be given. */
export interface BuiltinToolsOptions {
  /**
   * The session's background shells, shared by Bash, TaskOutput and TaskStop. The host that
   * passes it disposes it when the session ends; without it one is made that nobody disposes.
   */
  backgroundShells?: BackgroundShells;
  /** Claude Code's `sandbox` settings for Bash (the host disposes it). */
  sandbox?: BashSandbox;
  /** WebFetch's host rules and library options (private addresses are refused without them). */
  webFetch?: WebFetchDeps;
  /** WebSearch's search service; false leaves it out (no server-side search and none set). */
  webSearch?: WebSearchDeps | false;
  /** The session's shared task list: TaskCreate, TaskGet, TaskList and TaskUpdate work on it. */
  taskList?: TaskListStore;
  /** Where Monitor's events go (the engine's `deliver`); without it there is no Monitor tool. */
  monitorEvents?: MonitorEventSink;
  /** The session's MCP monitors: Monitor's `mcp` field starts them, TaskStop stops them. */
  mcpMonitors?: McpMonitorLauncher;
  /**
   * SendMessage's team (agent teams on) and named background agents: the tool is offered when
   * either is there, and TaskUpdate tells a new owner through the team's mailbox.
   */
  sendMessage?: SendMessageDeps;
}

/** keel's built-in tools for one session (Claude Code's names and inputs). */
export function createBuiltinTools(
  config: BuiltinToolsConfig,
  options: BuiltinToolsOptions = {},
): AnyTool[] {
  const backgroundShells = options.backgroundShells ?? createBackgroundShells(config);
  const planMode = new PlanModeState();
  return [
    createReadTool(config),
    createWriteTool(config),
    createEditTool(config),
    createGlobTool(config),
    createGrepTool(config),
    createBashTool(config, {
      backgroundShells,
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    }),
    createTaskOutputTool(config, backgroundShells),
    createTaskStopTool(config, backgroundShells, options.mcpMonitors),
    createTodoWriteTool(config),
    createEnterPlanModeTool(planMode),
    createExitPlanModeTool(planFilePath(config.sessionDir), planMode),
    createAskUserQuestionTool(),
    createWebFetchTool(config, options.webFetch),
    ...(options.webSearch === false ? [] : [createWebSearchTool(config, options.webSearch)]),
    ...(options.taskList ? createTaskListTools(options.taskList, options.sendMessage?.team) : []),
    ...(options.sendMessage?.team || options.sendMessage?.routeToNamedAgent
      ? [createSendMessageTool(options.sendMessage)]
      : []),
    ...(options.monitorEvents
      ? [
          createMonitorTool(config, {
            shells: backgroundShells,
            deliver: options.monitorEvents,
            ...(options.mcpMonitors ? { mcpMonitors: options.mcpMonitors } : {}),
            ...(options.sandbox ? { sandbox: options.sandbox } : {}),
          }),
        ]
      : []),
  ];
}
