import { readFileSync } from "node:fs";
import { Command, InvalidArgumentError, Option } from "commander";
import type { AgentDefinition } from "../config/agent-definition.js";
import { EFFORT_LEVELS, type EffortLevel } from "../protocol/api.js";
import { PERMISSION_MODES, type PermissionMode } from "../tools/context.js";
import { VERSION } from "../version.js";
import { parseAgentsOption } from "./agents-option.js";
import { addClaudeFlags, noEffectNotices } from "./claude-flags.js";
import type { DebugOptions } from "./debug-log.js";
import type { OutputFormat } from "./output.js";
import { addSetupFlags, type SetupRun, setupFlags } from "./setup-option.js";
import { UsageError } from "./usage-error.js";

/** The main command's options, parsed and checked. */
export interface CliOptions {
  print: boolean;
  outputFormat: OutputFormat;
  /** stream-json: user messages are read from stdin, one JSON line each (headless). */
  inputFormat: "text" | "stream-json";
  verbose: boolean;
  model?: string;
  fallbackModel?: string;
  maxTurns?: number;
  /** The mode given on the command line (settings' defaultMode applies otherwise). */
  permissionMode?: PermissionMode;
  mcpConfig: string[];
  /** Only the --mcp-config servers (not .mcp.json, settings or ~/.claude.json). */
  strictMcpConfig: boolean;
  /** A settings file or JSON text layered over the settings files. */
  settings?: string;
  allowedTools: string[];
  disallowedTools: string[];
  addDir: string[];
  /** `--plugin-dir`: plugin folders loaded for this session (the SDK's `plugins` option). */
  pluginDir: string[];
  /** `--plugin-dir-no-mcp`: plugin folders loaded without their MCP servers. */
  pluginDirNoMcp: string[];
  /** Continue this session (its id is kept unless forkSession). */
  resume?: string;
  /**
   * `--resume` without a session id (or with a search term): the REPL opens a picker of this
   * folder's sessions; print mode refuses, listing them.
   */
  resumePick?: { search: string };
  /** Continue the most recent session of the working folder. */
  continue: boolean;
  /** Resume the conversation as it was at this message (a branch from it). */
  resumeSessionAt?: string;
  /** Resume without the turn this user message started (and all after it). */
  resumeDropsTurn?: string;
  /** A resumed conversation goes on under a new session id. */
  forkSession: boolean;
  /** The id of a new session. */
  sessionId?: string;
  /** False: write no transcript. */
  sessionPersistence: boolean;
  maxBudgetUsd?: number;
  /** `--task-budget <tokens>`: the API's advisory token budget for each turn's loop. */
  taskBudget?: number;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** A JSON schema (text) the answer must satisfy. */
  jsonSchema?: string;
  includePartialMessages: boolean;
  /** stream-json: print hook_started, hook_progress and hook_response messages. */
  includeHookEvents?: boolean;
  /** `--thinking adaptive|enabled|disabled`. */
  thinking?: string;
  /** `--max-thinking-tokens N` (0 turns thinking off). */
  maxThinkingTokens?: string;
  /** `--effort low|medium|high|xhigh|max`. */
  effort?: EffortLevel;
  /** `--tools`: the built-in tools to offer ("default" or absent: all; "": none). */
  tools?: string;
  /** `--setting-sources`: which settings files to read (user, project, local). */
  settingSources?: string;
  /**
   * `stdio`: permission prompts go to the stream-json host as can_use_tool requests;
   * `mcp__<server>__<tool>`: that MCP tool answers them (mcp-permission-prompt.ts).
   */
  permissionPromptTool?: string;
  /** `--agent`: the agent the main thread runs as (its prompt, tools and model). */
  agent?: string;
  /** The agent `agent` (or the `agent` setting) names, resolved once at start-up. */
  mainAgent?: AgentDefinition;
  /** Agents the host defines (`--agents`, the Agent SDK's `agents`); they override agent files. */
  agents?: readonly AgentDefinition[];
  /** `--debug [filter]` / `--debug-file <path>`: a debug log (debug-log.ts). */
  debug?: DebugOptions;
  /** `-w/--worktree [name]`: run in a new git worktree ("" when no name is given). */
  worktree?: string;
  /** `-n/--name`: the session's name, kept in its transcript and shown by session lists. */
  name?: string;
  /** `--bare`: no hooks, and no memory files (CLAUDE.md, AGENTS.md, rules) read. */
  bare?: boolean;
  /** `--betas`: beta feature names sent as the `anthropic-beta` header (Anthropic only). */
  betas?: string[];
  /** `--init`, `--init-only`, `--maintenance`: Setup hooks fire first (setup-option.ts). */
  setup?: SetupRun;
  /** Problems with flag values that do not stop the run (fields of --agents keel ignores). */
  flagWarnings?: readonly string[];
  prompt: string;
}

/** A repeatable flag's values, each of which may list several, comma- or space-separated. */
function splitList(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  return values.flatMap((value: string) => value.split(/[\s,]+/)).filter((v) => v !== "");
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function positiveAmount(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("expected a positive number");
  return n;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sessionUuid(value: string): string {
  if (!UUID.test(value)) throw new InvalidArgumentError("expected a session id (a UUID)");
  return value.toLowerCase();
}

function text(raw: Record<string, unknown>, key: string): string | undefined {
  const value = raw[key];
  return typeof value === "string" ? value : undefined;
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError("expected a positive integer");
  return n;
}

function permissionPromptTool(value: string): string {
  if (value !== "stdio" && !/^mcp__.+__.+$/.test(value)) {
    throw new InvalidArgumentError(
      `expected "stdio" (the control channel) or an MCP tool, mcp__<server>__<tool>; got "${value}"`,
    );
  }
  return value;
}

/** `--resume`'s value: a session id, or (none, or a search term) the picker. */
function resumeFlag(value: unknown): Pick<CliOptions, "resume" | "resumePick"> {
  if (value === true) return { resumePick: { search: "" } };
  if (typeof value !== "string") return {};
  return UUID.test(value) ? { resume: value.toLowerCase() } : { resumePick: { search: value } };
}

/** `--agents <json>` as options; a bad value throws a UsageError naming the agent and field. */
function flagAgents(raw: Record<string, unknown>): Pick<CliOptions, "agents" | "flagWarnings"> {
  const value = text(raw, "agents");
  if (value === undefined) return {};
  const { definitions, warnings } = parseAgentsOption(value);
  return { agents: definitions, ...(warnings.length > 0 ? { flagWarnings: warnings } : {}) };
}

/** `--permission-mode`: Claude Code 2.1.332's `manual` is keel's `default`. */
function permissionModeFlag(raw: Record<string, unknown>): Pick<CliOptions, "permissionMode"> {
  if (raw.dangerouslySkipPermissions === true) return { permissionMode: "bypassPermissions" };
  const mode = raw.permissionMode;
  if (typeof mode !== "string") return {};
  return {
    permissionMode: mode === "manual" ? "default" : (mode as PermissionMode),
  };
}

/** `--debug [filter]` and `--debug-file <path>`: either asks for the debug log. */
function debugFlags(raw: Record<string, unknown>): Pick<CliOptions, "debug"> {
  const file = text(raw, "debugFile");
  if (raw.debug === undefined && file === undefined) return {};
  const filter = text(raw, "debug");
  return { debug: { ...(filter ? { filter } : {}), ...(file ? { file } : {}) } };
}

/** `--system-prompt-file` / `--append-system-prompt-file`: the file's text, as the flag's. */
function promptFile(raw: Record<string, unknown>, key: string, flag: string): string | undefined {
  const path = text(raw, key);
  if (path === undefined) return undefined;
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(
      `${flag}: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
}

function promptFiles(
  raw: Record<string, unknown>,
): Pick<CliOptions, "systemPrompt" | "appendSystemPrompt"> {
  const system = promptFile(raw, "systemPromptFile", "--system-prompt-file");
  const append = promptFile(raw, "appendSystemPromptFile", "--append-system-prompt-file");
  return {
    ...(system === undefined ? {} : { systemPrompt: system }),
    ...(append === undefined ? {} : { appendSystemPrompt: append }),
  };
}

/** Notices for flags that do not stop the run: fields of --agents keel ignores, no-effect flags. */
function flagNotices(raw: Record<string, unknown>): Pick<CliOptions, "agents" | "flagWarnings"> {
  const { agents, flagWarnings = [] } = flagAgents(raw);
  const warnings = [...flagWarnings, ...noEffectNotices(raw)];
  return {
    ...(agents ? { agents } : {}),
    ...(warnings.length > 0 ? { flagWarnings: warnings } : {}),
  };
}

/** Commander's parsed values as keel's options (flags that were not given stay absent). */
function toCliOptions(promptWords: string[], raw: Record<string, unknown>): CliOptions {
  // A text flag that was not given stays absent (not undefined).
  const optional = (
    key:
      | "settings"
      | "resumeSessionAt"
      | "resumeDropsTurn"
      | "sessionId"
      | "systemPrompt"
      | "appendSystemPrompt"
      | "jsonSchema"
      | "thinking"
      | "maxThinkingTokens"
      | "tools"
      | "settingSources"
      | "agent",
  ) => {
    const value = text(raw, key);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    print: raw.print === true,
    outputFormat: raw.outputFormat as OutputFormat,
    inputFormat: raw.inputFormat === "stream-json" ? "stream-json" : "text",
    verbose: raw.verbose === true,
    model: typeof raw.model === "string" ? raw.model : undefined,
    fallbackModel: typeof raw.fallbackModel === "string" ? raw.fallbackModel : undefined,
    maxTurns: typeof raw.maxTurns === "number" ? raw.maxTurns : undefined,
    ...permissionModeFlag(raw),
    ...optional("settings"),
    allowedTools: (raw.allowedTools as string[] | undefined) ?? [],
    disallowedTools: (raw.disallowedTools as string[] | undefined) ?? [],
    addDir: (raw.addDir as string[] | undefined) ?? [],
    pluginDir: (raw.pluginDir as string[] | undefined) ?? [],
    pluginDirNoMcp: (raw.pluginDirNoMcp as string[] | undefined) ?? [],
    mcpConfig: (raw.mcpConfig as string[] | undefined) ?? [],
    strictMcpConfig: raw.strictMcpConfig === true,
    ...resumeFlag(raw.resume),
    continue: raw.continue === true,
    ...optional("resumeSessionAt"),
    ...optional("resumeDropsTurn"),
    forkSession: raw.forkSession === true,
    ...optional("sessionId"),
    sessionPersistence: raw.sessionPersistence !== false,
    ...(typeof raw.maxBudgetUsd === "number" ? { maxBudgetUsd: raw.maxBudgetUsd } : {}),
    ...(typeof raw.taskBudget === "number" ? { taskBudget: raw.taskBudget } : {}),
    ...optional("systemPrompt"),
    ...optional("appendSystemPrompt"),
    ...promptFiles(raw),
    ...optional("jsonSchema"),
    includePartialMessages: raw.includePartialMessages === true,
    ...(raw.includeHookEvents === true ? { includeHookEvents: true } : {}),
    ...(typeof raw.permissionPromptTool === "string"
      ? { permissionPromptTool: raw.permissionPromptTool }
      : {}),
    ...optional("thinking"),
    ...optional("maxThinkingTokens"),
    ...(typeof raw.effort === "string" ? { effort: raw.effort as EffortLevel } : {}),
    ...optional("tools"),
    ...optional("settingSources"),
    ...optional("agent"),
    ...(raw.bare === true ? { bare: true } : {}),
    ...(raw.worktree === undefined ? {} : { worktree: text(raw, "worktree") ?? "" }),
    ...(typeof raw.name === "string" && raw.name.trim() !== "" ? { name: raw.name.trim() } : {}),
    ...debugFlags(raw),
    ...(raw.betas === undefined ? {} : { betas: splitList(raw.betas) }),
    ...setupFlags(raw),
    ...flagNotices(raw),
    prompt: promptWords.join(" "),
  };
}

/** The main command's definition; `onParsed` receives the options of a successful parse. */
export function mainCommand(onParsed: (options: CliOptions) => void): Command {
  return addSetupFlags(addClaudeFlags(new Command("keel")))
    .description(
      "keel — a coding agent. `keel` starts the interactive REPL; `keel -p <prompt>` runs one headless turn; `keel --bg <prompt>` runs it as a background task (`keel ps`, `keel logs <id> [-f]`, `keel attach <id>`, `keel kill <id>`); `keel --remote <prompt>` (or `--cloud`) sends it to `keel worker` processes through Redis (docs/scale.md); `keel batch <tasks.jsonl>` runs a file of tasks on them and writes results.jsonl (docs/batch.md); `keel trace <session-id>` prints the path a session took; `keel doctor [--json]` checks the installation, settings, MCP servers and the API; `keel memory path|import` shows the project's auto memory folder or imports Claude Code's (docs/memory.md); `keel mcp list|get|add|remove|add-json` manages MCP servers; `keel plugin install|uninstall|enable|disable|update|list|validate` and `keel plugin marketplace add|list|update|remove` manage plugins; `keel scripted-server <scenario.json>` serves a scripted model.",
    )
    .argument(
      "[prompt...]",
      "the prompt (with -p: read from stdin when absent; stdin piped in beside it is added after it)",
    )
    .option("-p, --print", "answer the prompt and exit (headless)", false)
    .addOption(
      new Option("--output-format <format>", "print-mode output")
        .choices(["text", "json", "stream-json"])
        .default("text"),
    )
    .addOption(
      new Option(
        "--input-format <format>",
        "print-mode input: a prompt, or stream-json user messages on stdin",
      )
        .choices(["text", "stream-json"])
        .default("text"),
    )
    .option(
      "--verbose",
      "print the loop's transitions and retries on stderr; in the REPL, show thinking in full",
      false,
    )
    .option(
      "--model <model>",
      "model id or alias (sonnet, opus, haiku; opus[1m] for the 1M-token window); openai:<id> for an OpenAI-compatible server; scripted:<scenario.json> to replay a scenario in process",
    )
    .option("--fallback-model <model>", "model to switch to when the main one is overloaded")
    .option("--max-turns <n>", "end the turn after this many tool rounds", positiveInteger)
    .addOption(
      new Option(
        "--permission-mode <mode>",
        "permission mode for this session (default: the settings' defaultMode, else default)",
      ).choices([...PERMISSION_MODES, "manual"]),
    )
    .option("--dangerously-skip-permissions", "same as --permission-mode bypassPermissions", false)
    .option("--settings <file-or-json>", "a settings file or JSON, layered over the settings files")
    .option(
      "--allowedTools, --allowed-tools <rules...>",
      'permission rules to allow, e.g. "Bash(npm test:*)" Edit',
      collect,
      [],
    )
    .option(
      "--disallowedTools, --disallowed-tools <rules...>",
      "permission rules to deny",
      collect,
      [],
    )
    .option("--add-dir <dirs...>", "more folders the tools may use", collect, [])
    .option("--plugin-dir <paths...>", "load a plugin from a folder (repeatable)", collect, [])
    .option(
      "--plugin-dir-no-mcp <paths...>",
      "load a plugin from a folder, without its MCP servers",
      collect,
      [],
    )
    .option(
      "--mcp-config <file-or-json>",
      "MCP servers: a .mcp.json-style file or JSON text (repeatable)",
      collect,
      [],
    )
    .option("--strict-mcp-config", "use only the --mcp-config servers", false)
    .option(
      "-r, --resume [session-id]",
      "resume a session by its id; without one (or with a search term), pick one of this folder's sessions (REPL)",
    )
    .option("-c, --continue", "continue the most recent session in this folder", false)
    .option(
      "--resume-session-at <message-uuid>",
      "with --resume: go on from this message of the session",
    )
    .option(
      "--resume-drops-turn <message-uuid>",
      "with --resume: go on without the turn this prompt started, and what followed",
    )
    .option("--fork-session", "with --resume or --continue: go on under a new session id", false)
    .option("--session-id <uuid>", "the id of a new session", sessionUuid)
    .option("--no-session-persistence", "write no transcript for this session")
    .option(
      "--max-budget-usd <usd>",
      "stop before a request once the session has spent this",
      positiveAmount,
    )
    .option(
      "--task-budget <tokens>",
      "tell the model its token budget for each turn (output_config.task_budget, a beta)",
      positiveInteger,
    )
    .option("--system-prompt <text>", "replace keel's system prompt")
    .option("--append-system-prompt <text>", "add text to the end of the system prompt")
    .option("--system-prompt-file <file>", "replace keel's system prompt with this file's text")
    .option(
      "--append-system-prompt-file <file>",
      "add this file's text to the end of the system prompt",
    )
    .option(
      "--json-schema <schema>",
      "answer through StructuredOutput, validated against this JSON schema",
    )
    .option("--thinking <mode>", "extended thinking: adaptive, enabled or disabled")
    .option("--max-thinking-tokens <n>", "thinking budget per request (0 turns thinking off)")
    .addOption(
      new Option(
        "--effort <level>",
        "effort for the session: thinking on, and output_config.effort where the model takes it",
      ).choices(EFFORT_LEVELS),
    )
    .option(
      "--setting-sources <sources>",
      "settings files to read: user, project, local (comma-separated; empty for none)",
    )
    .option("--tools <names>", 'only these built-in tools (comma-separated; "default" for all)')
    .option(
      "--agent <name>",
      "run the main thread as this agent (.claude/agents, --agents or the SDK's agents): its prompt is the system prompt, its tools and model are used",
    )
    .option(
      "--agents <json>",
      'define agents for this session: JSON of name → {description, prompt, tools?, disallowedTools?, model?, maxTurns?}, e.g. \'{"reviewer":{"description":"Reviews code","prompt":"You review code"}}\'',
    )
    .option(
      "-d, --debug [filter]",
      "write a debug log (requests, loop transitions, hooks, permission decisions, with timings) to ~/.keel/debug/<session-id>.txt; filter: categories to show (api,hooks) or hide (!loop)",
    )
    .option(
      "-w, --worktree [name]",
      "run the session in a new git worktree (branch worktree-<name>) under ~/.keel/worktrees/; removed at the end when unchanged",
    )
    .option(
      "-n, --name <name>",
      "name this session: kept in its transcript, shown by /resume and keel -p --resume",
    )
    .option("--debug-file <path>", "write the debug log to this file (turns --debug on)")
    .option(
      "--bare",
      "a minimal session: no hooks and no memory files (CLAUDE.md, AGENTS.md, rules)",
    )
    .option(
      "--betas <betas...>",
      "beta features to ask the Anthropic API for (the anthropic-beta header), e.g. context-1m-2025-08-07",
    )
    .option("--include-partial-messages", "stream-json: include raw stream events", false)
    .option(
      "--include-hook-events",
      "stream-json: include hook lifecycle messages (hook_started, hook_progress, hook_response)",
      false,
    )
    .option(
      "--permission-prompt-tool <tool>",
      'who answers permission prompts: stdio (with stream-json input, the Agent SDK host) or an MCP tool, mcp__<server>__<tool>, answering {"behavior":"allow"|"deny",…}',
      permissionPromptTool,
    )
    .option(
      "--allow-dangerously-skip-permissions",
      "allow bypassPermissions to be chosen (keel always allows it unless settings disable it)",
      false,
    )
    .version(`${VERSION} (keel)`, "-v, --version", "print the version")
    .helpOption("-h, --help", "show this help")
    .showHelpAfterError("(run keel --help for usage)")
    .action((promptWords: string[], raw: Record<string, unknown>) => {
      onParsed(toCliOptions(promptWords, raw));
    });
}
