import { homedir } from "node:os";
import type { AgentDefinition } from "../config/agent-definition.js";
import { agentWarningText } from "../config/agent-definitions.js";
import { type AgentRoster, openAgentRoster } from "../config/agent-roster.js";
import { envFlag } from "../config/env-flag.js";
import type { TaskListStore } from "../task-list/task-list-store.js";
import type { SessionTasks } from "../tasks/session-tasks.js";
import { createBackgroundShells } from "../tools/background/index.js";
import type { SkillPreloader } from "../tools/builtin/agent/agent-skills.js";
import { createAgentTool } from "../tools/builtin/agent/agent-tool.js";
import { createBuiltinTools } from "../tools/builtin/index.js";
import type { SendMessageDeps } from "../tools/builtin/send-message/send-message-tool.js";
import type { WebFetchDeps } from "../tools/builtin/web-fetch/web-fetch-tool.js";
import type { WebSearchDeps } from "../tools/builtin/web-search/web-search-tool.js";
import type { BuiltinToolsConfig } from "../tools/builtin-config.js";
import type { BashSandbox } from "../tools/sandbox/bash-sandbox.js";
import type { AnyTool } from "../tools/tool.js";
import { agentMcpStarter } from "./agent-mcp-servers.js";
import type { CliIo } from "./io.js";
import { writeTo } from "./output.js";
import type { RemoteAgents } from "./remote/remote-agents.js";
import { sessionWorkflowTools } from "./session-workflow-tool.js";

/** The tools of a print-mode session and the agents its Agent tool can start. */
interface SessionTools {
  tools: AnyTool[];
  /** The agents the Agent tool can start, read again when /agents changed a file. */
  agents: AgentRoster;
  /** Stops what the tools left running (background shells); call it when the session ends. */
  dispose(): Promise<void>;
}

/**
 * The built-in tools, then Agent with the agents of the host (the SDK's), the project, the
 * user and keel; agent files that cannot be used are named on stderr, and the session goes
 * on without them (a file with a bad optional field loads without that field, also named).
 * The session owns the background shells and the sandbox: `dispose` stops them.
 */
export async function createSessionTools(
  config: BuiltinToolsConfig,
  io: CliIo,
  tasks?: SessionTasks,
  hostAgents: readonly AgentDefinition[] = [],
  sandbox?: BashSandbox,
  web: { fetch?: WebFetchDeps; search?: WebSearchDeps | false } = {},
  taskList?: TaskListStore,
  /** Agents sent to keel's remote workers (`isolation: "remote"`). */
  remoteAgents?: RemoteAgents,
  /**
   * Whether the person trusted the project (a project agent's permissionMode may widen), and
   * how an agent's `skills` are expanded (the session's skills).
   */
  agentTrust: { projectTrusted?: boolean; preloadSkill?: SkillPreloader } = {},
  /** SendMessage's team (agent teams on) and named agents; without both there is no SendMessage. */
  messaging: SendMessageDeps = {},
): Promise<SessionTools> {
  const { roster, warnings } = await openAgentRoster({
    cwd: io.cwd,
    home: io.env.HOME ?? homedir(),
    stateDir: config.stateDir,
    hostAgents,
  });
  for (const warning of warnings) await writeTo(io.stderr, `keel: ${agentWarningText(warning)}\n`);
  const background = tasks && !envFlag(io.env.CLAUDE_CODE_DISABLE_BACKGROUND_TASKS);
  const backgroundShells = createBackgroundShells(
    config,
    tasks ? { observer: tasks.shellObserver } : {},
  );
  const builtinOptions = {
    backgroundShells,
    ...(sandbox ? { sandbox } : {}),
    ...(web.fetch ? { webFetch: web.fetch } : {}),
    ...(web.search === undefined ? {} : { webSearch: web.search }),
    ...(taskList ? { taskList } : {}),
    // A named background agent is continued by a SendMessage to its name.
    sendMessage: background
      ? { ...messaging, routeToNamedAgent: tasks.backgroundAgents.routeToNamedAgent }
      : messaging,
    ...(tasks ? { monitorEvents: tasks.deliver, mcpMonitors: tasks.mcpMonitors } : {}),
  };
  const agent = createAgentTool(() => roster.list(), {
    ...(background ? { launchBackground: tasks.backgroundAgents.launch } : {}),
    projectTrusted: agentTrust.projectTrusted ?? true,
    ...(agentTrust.preloadSkill ? { preloadSkill: agentTrust.preloadSkill } : {}),
    // An agent's inline MCP servers run as the session's do, for that agent's run only.
    startMcpServers: agentMcpStarter({
      stateDir: config.stateDir,
      cwd: config.cwd,
      env: config.env,
      warn: (text) => void writeTo(io.stderr, `keel: ${text}\n`),
    }),
    isolation: {
      worktrees: {
        stateDir: config.stateDir,
        // An isolated agent's file tools and Bash start in its worktree.
        toolsInFolder: (cwd) => createBuiltinTools({ ...config, cwd }, builtinOptions),
      },
      ...(remoteAgents ? { remote: remoteAgents.launch } : {}),
    },
  });
  return {
    tools: [
      ...createBuiltinTools(config, builtinOptions),
      agent,
      ...sessionWorkflowTools(config, tasks),
    ],
    agents: roster,
    dispose: async () => {
      // The session is ending: a monitor's end told now must not start a turn nobody reads.
      tasks?.deliverTo(undefined);
      await backgroundShells.dispose();
      await tasks?.dispose();
      await remoteAgents?.dispose();
      await sandbox?.dispose();
    },
  };
}
