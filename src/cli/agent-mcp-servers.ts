import { resolveMcpServers } from "../mcp/resolve-servers.js";
import type { AgentMcpStarter } from "../tools/builtin/agent/agent-mcp.js";

/** Where a session's agents' own MCP servers run: as the session's own servers do. */
interface AgentMcpDeps {
  stateDir: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  warn: (text: string) => void;
}

/**
 * The session's way to start an agent's inline MCP servers: checked and expanded as
 * `--mcp-config` entries are, connected by keel's MCP client (bounded by the connect timeout),
 * their tools given to that agent only; `close` stops them when it ends.
 */
export function agentMcpStarter(deps: AgentMcpDeps): AgentMcpStarter {
  return async (servers, agent) => {
    const origin = `the ${agent} agent's mcpServers`;
    const resolved = resolveMcpServers([{ scope: "dynamic", origin, servers }], deps.env);
    for (const problem of [...resolved.errors, ...resolved.warnings]) deps.warn(problem.message);
    // Loaded on first use, as the session's servers are: keel -p without them never loads it.
    const { createMcpManager } = await import("../mcp/manager.js");
    const manager = createMcpManager({
      servers: resolved.servers,
      stateDir: deps.stateDir,
      cwd: deps.cwd,
      env: deps.env,
      onNotice: deps.warn,
    });
    await manager.whenSettled();
    return { tools: manager.tools(), close: () => manager.close() };
  };
}
