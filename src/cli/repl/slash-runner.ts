import type { SdkResult } from "../../session/sdk-messages.js";
import { runAgents } from "./commands/agents-command.js";
import { runConfig } from "./commands/config-command.js";
import { showContext } from "./commands/context-command.js";
import { runDream } from "./commands/dream-command.js";
import { runExport } from "./commands/export-command.js";
import { showHooks } from "./commands/hooks-command.js";
import { permissions, showStatus } from "./commands/info-commands.js";
import { startMemory } from "./commands/memory-command.js";
import { runOutputStyle } from "./commands/output-style-command.js";
import { runPluginSlash } from "./commands/plugins.js";
import { startResume } from "./commands/resume-command.js";
import { startRewind } from "./commands/rewind-command.js";
import { runSandbox } from "./commands/sandbox-command.js";
import { skillsText } from "./commands/skills-list.js";
import { runTasks } from "./commands/tasks-command.js";
import { problemsText, sessionCommands } from "./commands/user-command-lookup.js";
import type { McpOverview, ReplController } from "./repl-controller.js";
import { helpText, type SlashCommand } from "./slash-commands.js";

function usd(amount: number): string {
  return `$${amount.toFixed(4)}`;
}

/** The /cost text: the session's spend, then the last turn's usage per model. */
export function costText(
  totalCostUsd: number,
  lastResult: Pick<SdkResult, "modelUsage"> | undefined,
): string {
  const lines = [`Total cost: ${usd(totalCostUsd)}`];
  const models = Object.entries(lastResult?.modelUsage ?? {});
  if (models.length === 0) return [...lines, "No turn has finished yet."].join("\n");
  lines.push("Usage by model (as of the last turn):");
  for (const [model, usage] of models) {
    const price = usage.costUnknown ? "price unknown" : usd(usage.costUSD);
    lines.push(
      `  ${model}: ${usage.inputTokens} in, ${usage.outputTokens} out, ${usage.cacheReadInputTokens} cache read, ${usage.cacheCreationInputTokens} cache write (${price})`,
    );
  }
  return lines.join("\n");
}

/** The /mcp text: each server with its status and the tools it gives. */
export function mcpText(overview: McpOverview | undefined): string {
  if (!overview || overview.servers.length === 0) {
    return "No MCP servers are configured (.mcp.json, settings mcpServers, or --mcp-config).";
  }
  const lines = ["MCP servers:"];
  for (const server of overview.servers) {
    const prefix = `mcp__${server.name}__`;
    const tools = overview.tools
      .filter((t) => t.startsWith(prefix))
      .map((t) => t.slice(prefix.length));
    lines.push(
      `  ${server.name}: ${server.status}${tools.length > 0 ? ` — ${tools.join(", ")}` : ""}`,
    );
  }
  return lines.join("\n");
}

/** `/help`: the commands (with the user's own, read now) and the keys. */
async function showHelp(repl: ReplController): Promise<void> {
  // Without user commands the answer comes at once, in order with the commands typed after it.
  if (!repl.activeSession.userCommands) return repl.notice(helpText());
  const loaded = await sessionCommands(repl.activeSession);
  repl.notice(helpText(loaded.commands.filter((command) => command.userInvocable !== false)));
  if (loaded.problems.length > 0) repl.notice(problemsText(loaded.problems), "error");
}

/** `/plan [prompt]`: plan mode on (as Shift+Tab reaches it); a prompt given is sent at once. */
function enterPlanMode(repl: ReplController, prompt: string): void {
  if (repl.store.get().mode !== "plan") repl.setMode("plan");
  repl.notice("Plan mode is on: keel reads and plans, and changes nothing until you approve.");
  if (prompt !== "") repl.submit(prompt);
}

/** `/add-dir <path>`: a working folder for the rest of the session (DirectoryAdded fires). */
async function addDir(repl: ReplController, path: string): Promise<void> {
  const add = repl.activeSession.addDirectory;
  if (!add) return repl.notice("/add-dir is not available in this session.", "error");
  const outcome = await add(path);
  if (outcome.kind === "refused") return repl.notice(`/add-dir: ${outcome.reason}`, "error");
  repl.notice(`Added ${outcome.directory} as a working folder for this session.`);
}

/** `/rename <name>`: the session's title, as -n/--name sets it at start. */
function renameSession(repl: ReplController, name: string): void {
  const rename = repl.activeSession.rename;
  if (!rename) {
    repl.notice("/rename is not available in this session.", "error");
  } else if (name === "") {
    repl.notice("Usage: /rename <name>", "error");
  } else if (!rename(name)) {
    repl.notice(
      "/rename: this session keeps no transcript (--no-session-persistence), so a name would not be kept.",
      "error",
    );
  } else {
    repl.notice(`Session renamed to "${name}". /resume lists it by that name.`);
  }
}

/** `/workflows`: the session's workflow runs, each with its phases and agents. */
async function showWorkflows(repl: ReplController): Promise<void> {
  const runs = repl.activeSession.workflows;
  if (!runs) return repl.notice("/workflows is not available in this session.", "error");
  repl.notice(await runs());
}

/** `/skills`: the session's skills (read now), and files that could not be used. */
async function showSkills(repl: ReplController): Promise<void> {
  const loaded = await sessionCommands(repl.activeSession);
  repl.notice(skillsText(loaded.commands));
  if (loaded.problems.length > 0) repl.notice(problemsText(loaded.problems), "error");
}

/**
 * Runs a parsed slash command; the async ones return their work so the controller tracks it
 * (exit waits for it). `/exit` is not returned: it waits for the tracked work itself.
 */
export function runSlashCommand(
  repl: ReplController,
  command: SlashCommand,
): Promise<void> | undefined {
  if (command.kind === "unknown") {
    repl.notice(`Unknown command /${command.name}. /help lists the commands.`, "error");
    return undefined;
  }
  const state = repl.store.get();
  switch (command.name) {
    case "help":
      return showHelp(repl);
    case "clear":
      return repl.clear();
    case "compact":
      return repl.compact(command.args);
    case "cost":
      repl.notice(costText(repl.engine.totalCostUsd, state.view.lastResult));
      break;
    case "context":
      return showContext(repl);
    case "export":
      return runExport(repl, command.args);
    case "model":
      return repl.switchModel(command.args);
    case "plan":
      enterPlanMode(repl, command.args);
      break;
    case "status":
      return showStatus(repl, state.model);
    case "permissions":
      permissions(repl, command.args);
      break;
    case "sandbox":
      return runSandbox(repl, command.args);
    case "memory":
      return startMemory(repl, command.args);
    case "dream":
      return runDream(repl, command.args);
    case "rewind":
      startRewind(repl);
      break;
    case "resume":
      return startResume(repl);
    case "mcp":
      repl.notice(mcpText(repl.mcpOverview()));
      break;
    case "skills":
      return showSkills(repl);
    case "agents":
      return runAgents(repl, command.args);
    case "plugin":
      return runPluginSlash(repl, command.args);
    case "workflows":
      return showWorkflows(repl);
    case "add-dir":
      return addDir(repl, command.args);
    case "config":
      return runConfig(repl, command.args);
    case "output-style":
      return runOutputStyle(repl, command.args);
    case "hooks":
      return showHooks(repl, command.args);
    case "tasks":
      return runTasks(repl, command.args);
    case "rename":
      renameSession(repl, command.args);
      break;
    case "exit":
      void repl.exit(0);
      break;
  }
  return undefined;
}
