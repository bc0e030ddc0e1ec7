import type { PermissionMode } from "../../tools/context.js";
import type { CliSession } from "../cli-session.js";
import type { HeldPrompts } from "../held-prompts.js";
import type { ControlChannel } from "./channel.js";
import type { ControlRequestLine } from "./envelopes.js";
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
  /** The host's prompts not yet queued in the engine (stream-json input), which a cancel finds. */
  heldPrompts?: Pick<HeldPrompts, "cancel">;
  /** Announces a mode switch as Claude Code does (a system/status line). */
  announceMode: (mode: PermissionMode) => Promise<void>;
}

/** One request's answer: the success payload, or an error (with Claude Code's code, if any). */
export type Answer = { ok: Record<string, unknown> } | { error: string; code?: string };

/** Answers one request subtype; a throw becomes an error answer. */
export type HostHandler = (
  targets: HostTargets,
  request: ControlRequestLine["request"],
) => Answer | Promise<Answer>;

/** Handlers by subtype: each group of requests keeps its own in a file of its own. */
export type HostHandlers = Record<string, HostHandler>;
