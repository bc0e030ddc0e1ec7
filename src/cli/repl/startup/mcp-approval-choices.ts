import type { McpServerSpec } from "../../../mcp/resolve-servers.js";

/** What the person said about a project server: use it, use all of the project's, refuse, later (Esc). */
export type McpApprovalAnswer = "use" | "use-all" | "reject" | "later";

/** A choice of the approval dialog (Esc, "decide later", is not listed: it is a key). */
export interface McpApprovalChoice {
  answer: Exclude<McpApprovalAnswer, "later">;
  label: string;
}

/** The dialog's choices, in Claude Code's order of meaning. */
export const MCP_APPROVAL_CHOICES: readonly McpApprovalChoice[] = [
  { answer: "use", label: "Use this server" },
  { answer: "use-all", label: "Use all servers of this project's .mcp.json from now on" },
  { answer: "reject", label: "Don't use it" },
];

/** What the server runs or reaches, so the person knows what they approve. */
export function serverTarget(server: McpServerSpec): string {
  const { config } = server;
  if (config.type === "stdio") return [config.command, ...config.args].join(" ");
  return `${config.url} (${config.type})`;
}

/**
 * Every server's answer once the person answered some: after "use all" the rest are covered
 * by it; servers never reached (the dialog was left) wait for later.
 */
export function completeAnswers(
  servers: readonly McpServerSpec[],
  given: readonly McpApprovalAnswer[],
): McpApprovalAnswer[] {
  const all = given.indexOf("use-all");
  return servers.map((_, index) => {
    if (all >= 0 && index > all) return "use-all";
    return given[index] ?? "later";
  });
}
