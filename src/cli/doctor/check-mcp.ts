import type { McpServerStatus } from "../../mcp/manager.js";
import { configuredServers, type ListedServer } from "../mcp-command/configured-servers.js";
import { checkServers } from "../mcp-command/server-health.js";
import { serverTarget } from "../mcp-command/server-status.js";
import { UsageError } from "../usage-error.js";
import type { DoctorContext } from "./context.js";
import type { DoctorCheckOf, DoctorServer } from "./report.js";

/** A configured server's line: what state it is in, and why. */
function serverOf(server: ListedServer, health: McpServerStatus | undefined): DoctorServer {
  const target = serverTarget(server);
  const named = "spec" in server ? server.spec : server;
  const scope = "spec" in server ? server.spec.scope : "project";
  const base = { name: named.name, scope, origin: `${named.origin}${target ? `: ${target}` : ""}` };
  switch (server.kind) {
    case "startable":
      if (health?.status === "connected") return { ...base, state: "connected" };
      return { ...base, state: "failed", reason: health?.error ?? "did not connect" };
    case "needs-approval":
      return { ...base, state: "needs-approval", reason: "nobody approved it yet (the REPL asks)" };
    case "rejected":
      return { ...base, state: "rejected", reason: "refused in this project's MCP choices" };
    case "untrusted":
      return { ...base, state: "untrusted", reason: "not started: the folder is not trusted" };
    case "invalid":
      return { ...base, state: "invalid", reason: server.message };
  }
}

const MARKS: Record<DoctorServer["state"], string> = {
  connected: "✓",
  failed: "✗",
  invalid: "✗",
  "needs-approval": "-",
  rejected: "-",
  untrusted: "-",
};

const lineOf = (s: DoctorServer) =>
  `${MARKS[s.state]} ${s.name} (${s.scope}, ${s.origin}): ${s.state}${s.reason ? ` — ${s.reason}` : ""}`;

/** "tester, docs failed; 1 connected; 2 not started (…)" — or that there are none. */
function summaryOf(servers: readonly DoctorServer[], failed: readonly DoctorServer[]): string {
  if (servers.length === 0) return "no MCP servers configured";
  const count = (state: DoctorServer["state"]) => servers.filter((s) => s.state === state).length;
  const waiting = (["needs-approval", "rejected", "untrusted"] as const)
    .filter((state) => count(state) > 0)
    .map((state) => `${count(state)} ${state}`);
  return [
    ...(failed.length > 0 ? [`${failed.map((s) => s.name).join(", ")} failed`] : []),
    `${count("connected")} connected`,
    ...(waiting.length > 0 ? [`not started: ${waiting.join(", ")}`] : []),
  ].join("; ");
}

/**
 * The configured MCP servers, each connected once with a short timeout (MCP_TIMEOUT, else
 * 10 s) and stopped again, as `keel mcp list` does. A server that fails or an entry that is
 * not valid fails the check; unapproved, refused and untrusted-folder servers are not started.
 */
export async function checkMcp(
  context: Pick<DoctorContext, "env" | "cwd" | "home" | "stateDir">,
  settingsLines: ReadonlySet<string>,
): Promise<DoctorCheckOf<"mcp">> {
  const roots = { cwd: context.cwd, home: context.home, stateDir: context.stateDir };
  let found: Awaited<ReturnType<typeof configuredServers>>;
  try {
    found = await configuredServers(roots, context.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const summary = `not checked: ${error.message.split("\n")[0]?.replace(/:$/, "")}`;
    return { id: "mcp", ok: false, summary, details: [], servers: [] };
  }
  const specs = found.servers.flatMap((s) => (s.kind === "startable" ? [s.spec] : []));
  const health = await checkServers(specs, { ...roots, env: found.env });
  const servers = found.servers.map((s) =>
    serverOf(s, "spec" in s ? health.get(s.spec.name) : undefined),
  );
  // Settings problems reach the user through the settings check; the rest are MCP files'.
  const notices = found.notices.filter((notice) => !settingsLines.has(notice));
  const failed = servers.filter((s) => s.state === "failed" || s.state === "invalid");
  return {
    id: "mcp",
    ok: failed.length === 0 && notices.length === 0,
    summary: summaryOf(servers, failed),
    details: [...servers.map(lineOf), ...notices],
    servers,
  };
}
