import { randomUUID } from "node:crypto";
import { PERMISSION_MODES, type PermissionMode } from "../../tools/context.js";
import { VERSION } from "../../version.js";
import type { CliSession } from "../cli-session.js";
import { switchWithHooks } from "../model-switch-hooks.js";
import { contextReport } from "../slash/context-report.js";
import type { ControlChannel } from "./channel.js";
import { contextUsageResponse } from "./context-usage-response.js";
import type { ControlRequestLine } from "./envelopes.js";
import { errorLine, successLine } from "./envelopes.js";
import type { SwitchableModel } from "./model-switch.js";
import type { SdkMcpServers } from "./sdk-mcp.js";

/** What the SDK's own requests act on once the session is open. */
export interface HostTargets {
  channel: ControlChannel;
  session: CliSession;
  model: SwitchableModel;
  sdkMcp: SdkMcpServers;
  /** The initialize answer (a second initialize gets it again). */
  initializeResponse: () => Record<string, unknown>;
  /** Announces a mode switch as Claude Code does (a system/status line). */
  announceMode: (mode: PermissionMode) => Promise<void>;
}

/** Requests Claude Code has that keel does not implement: answered with a precise error. */
const NOT_IMPLEMENTED = new Set([
  "set_max_thinking_tokens",
  "mcp_set_servers",
  "mcp_reconnect",
  "mcp_toggle",
  "mcp_read_resource",
  "get_usage",
  "get_settings",
  "apply_flag_settings",
  "update_settings",
  "rewind_files",
  "seed_read_state",
  "read_file",
  "reload_plugins",
  "reload_skills",
  "reload_output_styles",
  "stop_task",
  "background_tasks",
  "get_task_output",
  "cancel_async_message",
  "rename_session",
  "list_permission_rules",
  "get_hooks_listing",
]);

type Answer = { ok: Record<string, unknown> } | { error: string; code?: string };

function isMode(value: unknown): value is PermissionMode {
  return typeof value === "string" && (PERMISSION_MODES as readonly string[]).includes(value);
}

async function setPermissionMode(targets: HostTargets, mode: unknown): Promise<Answer> {
  if (!isMode(mode)) {
    return {
      error: `set_permission_mode: "${String(mode)}" is not a permission mode (${PERMISSION_MODES.join(", ")})`,
    };
  }
  targets.session.setPermissionMode(mode);
  await targets.announceMode(mode);
  return { ok: { mode } };
}

async function setModel(targets: HostTargets, model: unknown): Promise<Answer> {
  if (model !== undefined && model !== null && typeof model !== "string") {
    return { error: 'set_model: model must be a string, null or "default"' };
  }
  const reset = model === undefined || model === null || model === "default" || model === "";
  const refused = await switchWithHooks(targets.model, targets.session, {
    to: reset ? targets.model.start : model,
    requested: reset ? null : model,
    source: "sdk",
  });
  if (refused !== undefined) return { error: `set_model: ${refused}` };
  return { ok: { model: targets.model.current() } };
}

/**
 * register_repo_root: a strict subfolder of a starting working folder joins the working
 * folders, and DirectoryAdded hooks fire (source register_repo_root). keel reloads no
 * CLAUDE.md, skills or plugins for it (the reload_* flags are not honoured).
 */
async function registerRepoRoot(targets: HostTargets, directory: unknown): Promise<Answer> {
  if (typeof directory !== "string") {
    return { error: "register_repo_root: directory must be a string (a folder path)" };
  }
  const outcome = await targets.session.addDirectory(directory, "register_repo_root");
  if (outcome.kind === "refused") return { error: `register_repo_root: ${outcome.reason}` };
  return { ok: { directory: outcome.directory } };
}

/** get_context_usage: `/context`'s report (its `detail` is not read: keel always counts once). */
async function contextUsage(targets: HostTargets): Promise<Answer> {
  const { session } = targets;
  const usage = await contextReport({
    engine: session.engine,
    agents: session.agents.list(),
    env: process.env,
    signal: new AbortController().signal,
  });
  return { ok: contextUsageResponse(usage) };
}

function mcpMessage(targets: HostTargets, request: Record<string, unknown>): Answer {
  const server = request.server_name;
  if (typeof server !== "string" || !targets.sdkMcp.deliver(server, request.message)) {
    return { error: `SDK MCP server not found: ${String(server)}` };
  }
  return { ok: {} };
}

/** Answers one SDK → keel request that needs the open session. */
async function answerFor(targets: HostTargets, line: ControlRequestLine): Promise<Answer> {
  const { request } = line;
  switch (request.subtype) {
    case "initialize":
      return { ok: targets.initializeResponse() };
    case "interrupt":
      targets.session.engine.interrupt();
      return { ok: { still_queued: [] } };
    case "set_permission_mode":
      return setPermissionMode(targets, request.mode);
    case "set_model":
      return setModel(targets, request.model);
    case "mcp_status":
      return { ok: { mcpServers: targets.session.mcpStatus() } };
    case "get_binary_version":
      return { ok: { version: VERSION } };
    case "mcp_message":
      return mcpMessage(targets, request);
    case "register_repo_root":
      return registerRepoRoot(targets, request.directory);
    case "get_context_usage":
      return contextUsage(targets);
  }
  if (NOT_IMPLEMENTED.has(request.subtype)) {
    return {
      error: `keel does not support the control request "${request.subtype}"`,
      code: "unsupported_request",
    };
  }
  return {
    error: `Unsupported control request subtype: ${request.subtype}`,
    code: "unsupported_request",
  };
}

/** Handles one SDK → keel request: exactly one answer, success or a precise error. */
export async function handleHostRequest(
  targets: HostTargets,
  line: ControlRequestLine,
): Promise<void> {
  let answer: Answer;
  try {
    answer = await answerFor(targets, line);
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  await targets.channel.write(
    "ok" in answer
      ? successLine(line.request_id, answer.ok)
      : errorLine(line.request_id, answer.error, answer.code),
  );
}

/** The system/status line Claude Code prints after a mode switch. */
export function modeStatusLine(mode: PermissionMode, sessionId: string): object {
  return {
    type: "system",
    subtype: "status",
    status: null,
    permissionMode: mode,
    session_id: sessionId,
    uuid: randomUUID(),
  };
}
