import type { HookEvent } from "./events.js";

/** Fields every handler type may carry. */
export interface HookHandlerCommon {
  /** Seconds before the hook is stopped (default: per type, see timeouts.ts). */
  timeout?: number;
  /** A permission rule (`Bash(git *)`): on tool events the hook runs only for calls it matches. */
  if?: string;
  /** Shown to the user while the hook runs. */
  statusMessage?: string;
  /** Runs at most once per session. */
  once?: boolean;
}

/** One command hook: a shell command run with the event's JSON on stdin. */
export interface CommandHookConfig extends HookHandlerCommon {
  type: "command";
  command: string;
  /** Runs in the background: the event does not wait, its output is not read. */
  async?: boolean;
  /** Added to the hook's environment (a plugin's hooks get CLAUDE_PLUGIN_ROOT); not a setting. */
  env?: Record<string, string>;
}

/** One http hook: the event's JSON POSTed to `url`; a 2xx JSON body is the hook's output. */
export interface HttpHookConfig extends HookHandlerCommon {
  type: "http";
  url: string;
  headers?: Record<string, string>;
  /** Variables `$VAR` in header values may name (others become empty). */
  allowedEnvVars?: string[];
}

/** One prompt hook: the small model reads the prompt (with the input) and answers ok or not. */
export interface PromptHookConfig extends HookHandlerCommon {
  type: "prompt";
  prompt: string;
  model?: string;
  /** A "not ok" blocks without ending the turn (default: it ends it, as Claude Code). */
  continueOnBlock?: boolean;
}

/** An agent hook: a small subagent (read-only tools) reads the prompt and answers ok or not. */
export interface AgentHookConfig extends HookHandlerCommon {
  type: "agent";
  prompt: string;
  model?: string;
}

/** An mcp_tool hook: a tool of a connected MCP server is called; its text is the hook's output. */
export interface McpToolHookConfig extends HookHandlerCommon {
  type: "mcp_tool";
  server: string;
  tool: string;
  /** The call's arguments; `${path}` in string values is taken from the input JSON. */
  input?: Record<string, unknown>;
}

/** Any hook handler. */
export type HookHandlerConfig =
  | CommandHookConfig
  | HttpHookConfig
  | PromptHookConfig
  | AgentHookConfig
  | McpToolHookConfig;

/** A matcher and the hooks that run when it matches. */
export interface HookMatcherGroup {
  /** Tool name, `A|B` list, regex, or `*`/empty/missing for all (see matcher.ts). */
  matcher?: string;
  hooks: HookHandlerConfig[];
}

/** What identifies a handler: identical ones run once (command, URL, prompt or tool). */
export function hookIdentity(hook: HookHandlerConfig): string {
  switch (hook.type) {
    case "command":
      return hook.command;
    case "http":
      return hook.url;
    case "prompt":
    case "agent":
      return `${hook.type}: ${hook.prompt}`;
    case "mcp_tool":
      return `mcp_tool: ${hook.server}/${hook.tool}`;
  }
}

/** The hooks of one settings file (or of several, merged): event → matcher groups. */
export type HooksConfig = Partial<Record<HookEvent, HookMatcherGroup[]>>;

/** A problem in a settings file's `hooks` value, named by file and JSON path. */
export interface HooksConfigIssue {
  file: string;
  /** JSON path inside the file, e.g. `hooks.PreToolUse[0].hooks[1].command`. */
  path: string;
  message: string;
}

/** What parsing one file's `hooks` gave: the usable hooks, errors, and warnings. */
export interface ParsedHooksConfig {
  hooks: HooksConfig;
  /** Invalid entries (left out of `hooks`). */
  errors: HooksConfigIssue[];
  /** Valid entries keel does not run (unknown events, handler types or fields keel lacks). */
  warnings: HooksConfigIssue[];
}

/** Formats a JSON path from its segments: `hooks.PreToolUse[0].command`. */
export function jsonPath(segments: ReadonlyArray<PropertyKey>): string {
  return segments
    .map((segment, index) => {
      if (typeof segment === "number") return `[${segment}]`;
      const name = String(segment);
      return index === 0 ? name : `.${name}`;
    })
    .join("");
}

/** A HooksConfigIssue's one-line text: "file: path: message". */
export function describeIssue(issue: HooksConfigIssue): string {
  return `${issue.file}: ${issue.path}: ${issue.message}`;
}
