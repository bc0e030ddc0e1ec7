import {
  mcpApprovalsPath,
  recordAllMcpServersApproved,
  recordMcpApproval,
} from "../../../mcp/approvals.js";
import type { McpServerSpec } from "../../../mcp/resolve-servers.js";
import { type CliMcpInputs, resolveCliMcpSetup } from "../../mcp-config.js";
import { errorText } from "../error-text.js";
import type { McpApprovalAnswer } from "./mcp-approval-choices.js";

/**
 * Records the person's answers in keel's approvals file; returns a transcript line for each.
 * When the file cannot be rewritten (it does not parse), the rest is not recorded and the
 * last line says why, naming the file.
 */
export async function recordMcpAnswers(
  stateDir: string,
  cwd: string,
  servers: readonly McpServerSpec[],
  answers: readonly McpApprovalAnswer[],
): Promise<string[]> {
  const notices: string[] = [];
  try {
    await recordEachAnswer(stateDir, cwd, servers, answers, notices);
  } catch (error) {
    notices.push(`MCP answers not saved: ${errorText(error)}`);
  }
  return notices;
}

/** Writes the answers one by one, adding a transcript line after each write. */
async function recordEachAnswer(
  stateDir: string,
  cwd: string,
  servers: readonly McpServerSpec[],
  answers: readonly McpApprovalAnswer[],
  notices: string[],
): Promise<void> {
  if (answers.includes("use-all")) {
    await recordAllMcpServersApproved(stateDir, cwd);
    notices.push(
      `Every MCP server of this project's .mcp.json is approved from now on (remembered in ${mcpApprovalsPath(stateDir)}).`,
    );
  }
  for (const [index, server] of servers.entries()) {
    const answer = answers[index] ?? "later";
    if (answer === "use") {
      await recordMcpApproval(stateDir, cwd, server.name, true);
      notices.push(`MCP server "${server.name}" approved for this project.`);
    } else if (answer === "reject") {
      await recordMcpApproval(stateDir, cwd, server.name, false);
      notices.push(
        `MCP server "${server.name}" will not be used in this project (remembered in ${mcpApprovalsPath(stateDir)}).`,
      );
    }
  }
}

/** What the start-up question needs: the session's MCP inputs, and how to ask the person. */
export interface ProjectMcpApprovalInputs extends Omit<CliMcpInputs, "warn"> {
  /** Asks about each server (the dialogs); one answer per server, in order. */
  ask: (servers: readonly McpServerSpec[]) => Promise<McpApprovalAnswer[]>;
}

/**
 * At REPL start-up, before the session starts its servers: asks about the `.mcp.json`
 * servers nobody approved or refused and records the answers, so the approved ones start in
 * this session and nobody is asked twice. Servers left for later (Esc) are not started and
 * are asked about again next time. Returns the transcript lines saying what was decided.
 */
export async function approveProjectMcpServers(
  inputs: ProjectMcpApprovalInputs,
): Promise<string[]> {
  const { ask, ...mcp } = inputs;
  const setup = await resolveCliMcpSetup(mcp);
  if (setup.needsApproval.length === 0) return [];
  const answers = await ask(setup.needsApproval);
  return recordMcpAnswers(inputs.stateDir, inputs.cwd, setup.needsApproval, answers);
}
