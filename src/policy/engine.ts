import type { ResolvedSettings } from "../config/settings/resolved.js";
import type { PermissionMode, ToolUseContext } from "../tools/context.js";
import type { ReadDenial } from "../tools/read-denial.js";
import { type FileSystemView, realFileSystem } from "../tools/shell-effects/index.js";
import type { AnyTool } from "../tools/tool.js";
import { withAgentWorktree } from "./agent-worktree-folder.js";
import { type DecisionSteps, decideWithSteps } from "./decide.js";
import type { HookDecision, PermissionDecision } from "./decision.js";
import type { PermissionRule } from "./permission-rule.js";
import { createReadDenial } from "./read-denial.js";
import { cachedResolver, type RealPathResolver, resolveRealPath } from "./real-paths.js";
import { parseRule } from "./rule-syntax.js";

/** What a permission engine is built from. */
export interface PermissionEngineOptions {
  settings: ResolvedSettings;
  /** The working folder (where `path` and `./path` rules start). */
  cwd: string;
  /** Added working folders (besides those in the settings). */
  additionalDirectories?: readonly string[];
  /** keel's state folder: readable like a working folder; writes there always ask. */
  stateDir: string;
  /**
   * The auto memory folder, when auto memory is on (file-tool writes inside are allowed); a
   * function when /memory can switch it while the session runs (undefined: off now).
   */
  memoryDir?: string | (() => string | undefined);
  /** The session's plans folder (file-tool writes inside are allowed, in plan mode too). */
  planDir?: string;
  home: string;
  /** Resolves symlinks (tests may inject; default: realpath of the deepest existing ancestor). */
  realPath?: RealPathResolver;
  /** The environment Bash commands run with (their PATH, HOME); default: this process's. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The file system the Bash analysis reads (tests may inject). */
  fs?: FileSystemView;
}

/** Extra inputs to one decision. */
export interface DecideOptions {
  /** What PreToolUse hooks decided, if they did. */
  hookDecision?: HookDecision;
  /** The model's tool_use id, when the call is one (the auto mode judges only those). */
  toolUseId?: string;
}

/** Claude Code's permission decision for tool calls, from settings, mode, tool and hooks. */
export interface PermissionEngine {
  /** Decides one call (contracts.md §6 order); the mode comes from the context's app state. */
  decide(
    tool: AnyTool,
    input: Record<string, unknown>,
    context: ToolUseContext,
    options?: DecideOptions,
  ): Promise<PermissionDecision>;
  /** The working folders the engine allows reads (and acceptEdits writes) in. */
  readonly workingFolders: readonly string[];
  /**
   * Adds a working folder for the rest of the session (`/add-dir`, the SDK's
   * register_repo_root); false when it is one already.
   */
  addWorkingFolder(folder: string): boolean;
  /** The files Read deny rules withhold from searches (follows rules added later). */
  readonly readDenial: ReadDenial;
  /** True when `disableBypassPermissionsMode` turned bypassPermissions off. */
  readonly bypassDisabled: boolean;
  /**
   * Adds allow rules for the rest of this session (a person chose "always allow"); they are
   * weighed like --allowedTools rules. Returns the rules that do not parse (none are added then).
   * `behavior` "deny" adds deny rules instead (the REPL's `/permissions deny <rule>`).
   */
  addSessionRules(rules: readonly string[], behavior?: "allow" | "deny"): string[];
  /**
   * Adds allow rules until `remove` is called (a user command's `allowed-tools`, for the turn
   * it starts). Rules that parse are added, the others come back as problems; deny rules
   * still win, as for every allow rule.
   */
  addTurnRules(rules: readonly string[], origin: string): TurnRules;
  /**
   * Replaces the rules the settings files and flags gave (a settings file changed); rules
   * added during the session stay.
   */
  replaceSettingsRules(rules: readonly PermissionRule[]): void;
  /** Every rule in force now (settings, flags, session), highest source first (for /permissions). */
  rules(): readonly PermissionRule[];
}

/** Allow rules in force for one turn: `remove` takes them out again (calling it twice is harmless). */
export interface TurnRules {
  problems: string[];
  remove(): void;
}

/** The mode that applies: bypassPermissions is plain default when settings disable it. */
export function effectiveMode(
  mode: PermissionMode,
  disabled: { bypass: boolean; auto: boolean },
): PermissionMode {
  if (disabled.bypass && mode === "bypassPermissions") return "default";
  return disabled.auto && mode === "auto" ? "default" : mode;
}

/** Session-scope allow rules, anchored like command-line rules (at the working folder). */
function sessionAllowRules(
  texts: readonly string[],
  cwd: string,
  behavior: "allow" | "deny" = "allow",
  origin = "this session",
): { rules: PermissionRule[]; problems: string[] } {
  const rules: PermissionRule[] = [];
  const problems: string[] = [];
  for (const text of texts) {
    const parsed = parseRule(text);
    if (!parsed.ok) problems.push(parsed.problem);
    else
      rules.push({
        behavior,
        text,
        value: parsed.value,
        source: "cli",
        origin,
        root: cwd,
      });
  }
  return { rules, problems };
}

/** Builds the permission engine of a session. */
export function createPermissionEngine(options: PermissionEngineOptions): PermissionEngine {
  const workingFolders = [
    ...new Set([
      options.cwd,
      ...options.settings.additionalDirectories,
      ...(options.additionalDirectories ?? []),
    ]),
  ];
  const realPath = options.realPath ?? resolveRealPath;
  const steps: DecisionSteps = {
    rules: options.settings.rules,
    cwd: options.cwd,
    home: options.home,
    stateDir: options.stateDir,
    get memoryDir() {
      const dir = options.memoryDir;
      return typeof dir === "function" ? dir() : dir;
    },
    ...(options.planDir === undefined ? {} : { planDir: options.planDir }),
    workingFolders,
    readableFolders: [...workingFolders, options.stateDir],
    realPath,
    realFolder: cachedResolver(realPath),
    env: options.env ?? process.env,
    projectEnv: options.settings.projectEnv,
    fs: options.fs ?? realFileSystem,
  };
  const bypassDisabled = options.settings.bypassDisabled;
  let fromSettings = new Set(options.settings.rules);
  return {
    get workingFolders() {
      return steps.workingFolders;
    },
    addWorkingFolder(folder) {
      if (steps.workingFolders.includes(folder)) return false;
      steps.workingFolders = [...steps.workingFolders, folder];
      steps.readableFolders = [...steps.readableFolders, folder];
      return true;
    },
    readDenial: createReadDenial(() => steps.rules, { cwd: options.cwd, home: options.home }),
    bypassDisabled,
    addSessionRules(texts, behavior = "allow") {
      const parsed = sessionAllowRules(texts, options.cwd, behavior);
      if (parsed.problems.length === 0) steps.rules = [...steps.rules, ...parsed.rules];
      return parsed.problems;
    },
    addTurnRules(texts, origin) {
      const parsed = sessionAllowRules(texts, options.cwd, "allow", origin);
      steps.rules = [...steps.rules, ...parsed.rules];
      const added = new Set(parsed.rules);
      return {
        problems: parsed.problems,
        remove: () => {
          steps.rules = steps.rules.filter((rule) => !added.has(rule));
        },
      };
    },
    rules: () => steps.rules,
    replaceSettingsRules(rules) {
      const added = steps.rules.filter((rule) => !fromSettings.has(rule));
      steps.rules = [...rules, ...added];
      fromSettings = new Set(rules);
    },
    decide(tool, input, context, decideOptions = {}) {
      const mode = effectiveMode(context.getAppState().permissionMode, {
        bypass: bypassDisabled,
        auto: options.settings.autoDisabled,
      });
      return decideWithSteps(withAgentWorktree(steps, context), {
        tool,
        input,
        context,
        mode,
        hook: decideOptions.hookDecision,
      });
    },
  };
}
