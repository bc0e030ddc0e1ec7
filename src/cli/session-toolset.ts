import { homedir } from "node:os";
import { join } from "node:path";
import type { AgentDefinition } from "../config/agent-definition.js";
import type { AgentRoster } from "../config/agent-roster.js";
import { agentAllowsTool } from "../config/agent-tools.js";
import type { Elicit } from "../mcp/elicitation.js";
import type { McpManager } from "../mcp/manager.js";
import type { McpPromptCommand } from "../mcp/prompt-commands.js";
import { loadPluginAgents } from "../plugins/plugin-agents.js";
import { hostNamedByAllowRule } from "../policy/web-fetch-hosts.js";
import { runsServerTools } from "../session/engine/side-model.js";
import { FileHistory } from "../session/file-history/file-history.js";
import { withFileHistory } from "../session/file-history/with-file-history.js";
import { sessionTaskList } from "../task-list/session-task-list.js";
import type { TaskListStore } from "../task-list/task-list-store.js";
import { createSessionTasks, type SessionTasks } from "../tasks/session-tasks.js";
import { openSessionTeam, type SessionTeam } from "../teams/session-team.js";
import { teamsEnabled } from "../teams/teams-enabled.js";
import type { SkillPreloader } from "../tools/builtin/agent/agent-skills.js";
import {
  isTodoWriteTool,
  type TodoWriteTool,
} from "../tools/builtin/todo-write/todo-write-tool.js";
import { createToolSearchTool } from "../tools/builtin/tool-search/tool-search-tool.js";
import { needsToolSearch, TOOL_SEARCH_TOOL_NAME } from "../tools/deferred-tools.js";
import { sandboxNetworkRefusal } from "../tools/sandbox/network-denial.js";
import type { AnyTool } from "../tools/tool.js";
import type { CliSessionInputs } from "./cli-session-types.js";
import { createRemoteAgents } from "./remote/remote-agents.js";
import { createSessionSandbox, type SessionSandbox } from "./session-sandbox.js";
import { createSessionTools } from "./session-tools.js";
import { selectTools } from "./tools-option.js";
import { sessionWebSearch } from "./web-search-backend.js";

/** The tools of a CLI session and what runs behind them. */
export interface SessionToolset {
  /** The tools now: built-in (Edit and Write snapshot first), host-provided, MCP. */
  refreshTools: () => readonly AnyTool[];
  /** The agents the Agent tool can start, read again when /agents changed a file. */
  agents: AgentRoster;
  todo: TodoWriteTool | undefined;
  tasks: SessionTasks;
  fileHistory: FileHistory;
  /** What confines Bash commands (for system/init). */
  sandbox: SessionSandbox;
  /** A user turn starts: file snapshots are keyed by its prompt. */
  beginTurn(promptUuid: string): Promise<void>;
  /** Every MCP server (configured and host-provided) and its status. */
  mcpStatus(): Array<{ name: string; status: string }>;
  /** The MCP servers' prompts, as slash commands `/mcp__<server>__<prompt>`. */
  mcpPrompts(): McpPromptCommand[];
  /** Calls a configured MCP server's tool by name (mcp_tool hooks). */
  callMcpTool: McpManager["callTool"];
  /** An SDK host's hold on the configured MCP servers (mcp_set_servers, mcp_toggle …). */
  mcpControl: McpManager["control"];
  /** The session's agent team, when agent teams are on (its files, mailbox and roster). */
  team?: SessionTeam;
  /** The shared task list the Task* tools work on, when they are on (always with a team). */
  taskList?: TaskListStore;
  dispose(): Promise<void>;
}

/**
 * The session's MCP servers, connected before the first turn (bounded by MCP_TIMEOUT). The
 * MCP code is loaded only when this runs, and the SDK only when a server is configured.
 */
async function startMcp(
  inputs: CliSessionInputs,
  roots: { home: string; env: Readonly<Record<string, string | undefined>>; elicit?: Elicit },
): Promise<McpManager> {
  const { startCliMcp } = await import("./mcp-config.js");
  const mcp = await startCliMcp({
    mcpConfig: inputs.options.mcpConfig,
    strict: inputs.options.strictMcpConfig,
    plugins: inputs.policy.plugins.plugins,
    projectFile: inputs.policy.projectTrusted,
    cwd: inputs.io.cwd,
    home: roots.home,
    stateDir: inputs.stateDir,
    env: roots.env,
    settings: inputs.policy.settings,
    warn: inputs.warn,
    ...(roots.elicit ? { elicit: roots.elicit } : {}),
  });
  await mcp.whenSettled();
  return mcp;
}

/**
 * The tools of a main thread that runs as an agent (`--agent`, or the `agent` setting): those
 * its `tools` and `disallowedTools` allow, MCP tools included; every tool without an agent.
 * ToolSearch stays while an allowed tool is deferred, unless the agent disallows it by name:
 * without it deferral would be off and every deferred definition sent in full. It only ever
 * searches this filtered list, so it gives the agent nothing more.
 */
function mainAgentTools(
  definition: AgentDefinition | undefined,
  tools: readonly AnyTool[],
): readonly AnyTool[] {
  if (definition === undefined) return tools;
  const allowed = tools.filter((tool) => agentAllowsTool(definition, tool));
  const search = tools.find((tool) => tool.name === TOOL_SEARCH_TOOL_NAME);
  const keepSearch =
    search !== undefined &&
    needsToolSearch(allowed) &&
    agentAllowsTool({ disallowedTools: definition.disallowedTools ?? [] }, search);
  return keepSearch ? tools.filter((tool) => tool === search || allowed.includes(tool)) : allowed;
}

/**
 * The session's tools: the built-in ones (background shells and agents recorded as tasks;
 * Edit and Write snapshot into the file history first), the host's, and the MCP servers'
 * (with ToolSearch when some are deferred).
 */
export async function createSessionToolset(
  inputs: CliSessionInputs,
  env: Readonly<Record<string, string | undefined>>,
  /** Tools the session adds to the built-in ones (the Skill tool). */
  sessionExtras: readonly AnyTool[] = [],
  /** Answers MCP servers' requests for input (session-elicitation.ts). */
  elicit?: Elicit,
  /** Expands a skill an agent's `skills` field preloads (the session's skills). */
  preloadSkill?: SkillPreloader,
  /** Whether an extra tool is sent now (the Skill tool: while some skill is the model's). */
  extraInPlay: (tool: AnyTool) => boolean = () => true,
): Promise<SessionToolset> {
  const { io, store } = inputs;
  const home = io.env.HOME ?? homedir();
  const tasks = createSessionTasks({
    stateDir: inputs.stateDir,
    sessionId: inputs.sessionId,
    cwd: io.cwd,
    onError: (error) =>
      inputs.warn(
        `cannot record a background task: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  const config = { cwd: io.cwd, sessionDir: store.sessionDir, stateDir: inputs.stateDir, env };
  // First: a required sandbox that cannot run stops the session before anything else starts.
  const sandbox = await createSessionSandbox(
    inputs.policy.settings,
    { cwd: io.cwd, env },
    inputs.warn,
  );
  const team = teamsEnabled({ env, settings: inputs.policy.settings })
    ? openSessionTeam({
        configDir: inputs.stateDir,
        sessionId: inputs.sessionId,
        cwd: io.cwd,
        onDropped: ({ inbox, entries }) =>
          inputs.warn(`removed ${entries.length} malformed entries from ${inbox}'s team inbox`),
      })
    : undefined;
  const pluginAgents = await loadPluginAgents(inputs.policy.plugins.plugins);
  for (const warning of pluginAgents.warnings) inputs.warn(warning);
  const taskList = sessionTaskList(env, inputs.stateDir, inputs.sessionId, team !== undefined);
  const sessionTools = await createSessionTools(
    config,
    io,
    tasks,
    // Named `plugin:agent`, they never take the place of the host's or the files' agents.
    [...(inputs.options.agents ?? []), ...pluginAgents.definitions],
    sandbox.bash,
    {
      // Rules of the settings and flags; rules a person adds mid-session do not open private hosts.
      fetch: {
        hostNamedByRule: (host) => hostNamedByAllowRule(inputs.policy.settings.rules, host),
        refusal: (url) => sandboxNetworkRefusal(sandbox.bash, url),
      },
      search: await sessionWebSearch(runsServerTools(inputs.model.provider), env, inputs.warn),
    },
    taskList,
    // The process's environment, as keel --remote reads it: no settings file's env picks the Redis.
    createRemoteAgents({
      env: io.env,
      allowedTools: inputs.options.allowedTools,
      disallowedTools: inputs.options.disallowedTools,
      deliver: tasks.deliver,
      onError: (error) =>
        inputs.warn(
          `cannot follow a remote agent: ${error instanceof Error ? error.message : String(error)}`,
        ),
    }),
    { projectTrusted: inputs.policy.projectTrusted, ...(preloadSkill ? { preloadSkill } : {}) },
    team ? { team } : {},
  );
  const fileHistory = new FileHistory({ dir: join(store.sessionDir, "file-history") });
  let turnUuid = "";
  const chosen = selectTools([...sessionTools.tools, ...sessionExtras], inputs.options.tools);
  const ownTools = withFileHistory(chosen, fileHistory, () => turnUuid, { home });
  // The host's in-process servers come and go (mcp_set_servers): their tools are read each time.
  const baseTools = () => [...ownTools, ...(inputs.hostTools?.tools ?? [])];
  const mcp = await startMcp(inputs, { home, env, ...(elicit ? { elicit } : {}) });
  tasks.mcpMonitors.connect(mcp.notifications);
  const allTools = mcp.refreshTools(baseTools, createToolSearchTool(config));
  // The agent was resolved once, with the options (withMainAgent): no second look-up here.
  const heldBack = (tool: AnyTool) => sessionExtras.includes(tool) && !extraInPlay(tool);
  const refreshTools = () =>
    mainAgentTools(inputs.options.mainAgent, allTools()).filter((tool) => !heldBack(tool));
  return {
    refreshTools,
    agents: sessionTools.agents,
    todo: refreshTools().find(isTodoWriteTool),
    tasks,
    fileHistory,
    sandbox,
    beginTurn: async (uuid) => {
      turnUuid = uuid;
      await fileHistory.beginTurn(uuid);
    },
    mcpStatus: () => [
      ...mcp.status().map(({ name, status }) => ({ name, status })),
      ...(inputs.hostTools?.servers ?? []),
    ],
    mcpPrompts: () => mcp.promptCommands(),
    callMcpTool: (call, signal) => mcp.callTool(call, signal),
    mcpControl: mcp.control,
    ...(team ? { team } : {}),
    ...(taskList ? { taskList } : {}),
    dispose: async () => {
      await sessionTools.dispose();
      await mcp.close();
    },
  };
}
