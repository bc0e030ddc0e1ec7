import { randomUUID } from "node:crypto";
import { PERMISSION_MODES, type PermissionMode } from "../../tools/context.js";
import { VERSION } from "../../version.js";
import { switchWithHooks } from "../model-switch-hooks.js";
import { contextReport } from "../slash/context-report.js";
import { CANCEL_HANDLERS } from "./cancel-request.js";
import { contextUsageResponse } from "./context-usage-response.js";
import type { ControlRequestLine } from "./envelopes.js";
import { errorLine, successLine } from "./envelopes.js";
import { FILE_HANDLERS } from "./file-requests.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";
import { HOST_UI_HANDLERS } from "./host-ui-requests.js";
import { LISTING_HANDLERS } from "./listing-requests.js";
import { MCP_HANDLERS } from "./mcp-requests.js";
import { RELOAD_HANDLERS } from "./reload-requests.js";
import { RENAME_HANDLERS } from "./rename-request.js";
import { SETTINGS_HANDLERS } from "./settings-requests.js";
import { TASK_HANDLERS } from "./task-requests.js";
import { THINKING_HANDLERS } from "./thinking-request.js";
import { USAGE_HANDLERS } from "./usage-requests.js";

/** Requests Claude Code has that keel does not implement: answered with a precise error. */
const NOT_IMPLEMENTED = new Set(["reload_plugins"]);

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

/** The requests keel answers, by subtype. */
const HANDLERS: HostHandlers = {
  initialize: (targets) => ({ ok: targets.initializeResponse() }),
  interrupt: (targets) => {
    targets.session.engine.interrupt();
    return { ok: { still_queued: [] } };
  },
  set_permission_mode: (targets, request) => setPermissionMode(targets, request.mode),
  set_model: (targets, request) => setModel(targets, request.model),
  mcp_status: (targets) => ({ ok: { mcpServers: targets.session.mcpStatus() } }),
  get_binary_version: () => ({ ok: { version: VERSION } }),
  mcp_message: mcpMessage,
  get_context_usage: contextUsage,
  ...MCP_HANDLERS,
  ...RELOAD_HANDLERS,
  ...LISTING_HANDLERS,
  ...SETTINGS_HANDLERS,
  ...FILE_HANDLERS,
  ...TASK_HANDLERS,
  ...RENAME_HANDLERS,
  ...THINKING_HANDLERS,
  ...CANCEL_HANDLERS,
  ...USAGE_HANDLERS,
  ...HOST_UI_HANDLERS,
};

/** Answers one SDK → keel request that needs the open session. */
async function answerFor(targets: HostTargets, line: ControlRequestLine): Promise<Answer> {
  const { request } = line;
  const handler = Object.hasOwn(HANDLERS, request.subtype) ? HANDLERS[request.subtype] : undefined;
  if (handler !== undefined) return handler(targets, request);
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
