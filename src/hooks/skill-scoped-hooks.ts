import type { QueryDeps } from "../loop/params.js";
import type { ToolHooks } from "../tools/hooks.js";
import type { HooksConfig } from "./config.js";
import { describeIssue } from "./config.js";
import { createHookEngine, type HookEngineOptions } from "./engine.js";
import type { HookEvent } from "./events.js";
import { mergeHooksConfigs } from "./merge-config.js";
import { parseHooksConfig } from "./parse-config.js";
import { stopHooks } from "./stop-hooks.js";
import { toolHooks } from "./tool-hooks.js";

/** The events keel runs of a skill's own hooks: those Claude Code documents for skills. */
const SKILL_HOOK_EVENTS = ["PreToolUse", "PostToolUse", "Stop"] as const;

/** A skill or command file that declares hooks (its frontmatter `hooks`, as written). */
export interface HookedCommand {
  name: string;
  /** Its file: problems name it, and it keys the skill (invoking it again adds nothing). */
  file: string;
  hooks: Readonly<Record<string, unknown>>;
  /** From the project's folder (or an added one): its hooks wait for folder trust. */
  fromProject: boolean;
}

type StopHooks = NonNullable<QueryDeps["runStopHooks"]>;

/** An invoked skill whose hooks are in force: its name, its file and its checked hooks. */
export interface InvokedSkillHooks {
  name: string;
  file: string;
  hooks: HooksConfig;
}

/** The hooks invoked skills put in force, for the rest of the session (Claude Code's rule). */
export interface SkillHooks {
  /** Puts an invoked skill's hooks in force from now on; a second invocation adds nothing. */
  add(command: HookedCommand): void;
  /**
   * The skill's hooks as they may run (checked, trust applied), without putting them in force:
   * a `context: fork` skill's go to its subagent only. Undefined when none may run.
   */
  checked(command: HookedCommand): HooksConfig | undefined;
  /** The skills whose hooks are in force, in the order they were invoked (for /hooks). */
  inForce(): readonly InvokedSkillHooks[];
  /** PreToolUse and PostToolUse of the skills added so far (nothing runs before the first). */
  tool: ToolHooks;
  /** Their Stop hooks. */
  stop: StopHooks;
}

/** What a session's skill hooks run with. */
interface SkillHooksInputs {
  /** The session's hook engine options, all but the hooks. */
  base: Omit<HookEngineOptions, "config">;
  /** Tells the person of a skill's problems (each once). */
  warn: (text: string) => void;
  /** False when the person did not trust the folder: a project's skills' hooks stay off. */
  projectTrusted: boolean;
}

const isSkillEvent = (event: string): event is (typeof SKILL_HOOK_EVENTS)[number] =>
  (SKILL_HOOK_EVENTS as readonly string[]).includes(event);

/** The events of `config` keel runs for skills; the others each told once. */
function skillEventsOnly(config: HooksConfig, file: string, warn: (text: string) => void) {
  const kept: HooksConfig = {};
  for (const event of Object.keys(config) as HookEvent[]) {
    if (isSkillEvent(event)) kept[event] = config[event];
    else {
      warn(
        `${file}: hooks.${event}: keel runs a skill's ${SKILL_HOOK_EVENTS.join(", ")} hooks; its ${event} hooks do not run`,
      );
    }
  }
  return kept;
}

/**
 * The session's skill hooks: each skill's `hooks` checked as a settings file's are (problems
 * told once, naming the file; broken entries left out) when it is first invoked, then run by
 * an engine of their own after the session's hooks. `once: true` hooks run once: the engine
 * keeps the hooks it spent, and a skill's hooks are parsed once, so they stay the same objects.
 */
export function createSkillHooks(inputs: SkillHooksInputs): SkillHooks {
  const checkedByFile = new Map<string, HooksConfig | undefined>();
  const added = new Map<string, HooksConfig>();
  const invoked: InvokedSkillHooks[] = [];
  const engine = createHookEngine({ ...inputs.base, config: {} });
  const tool = toolHooks(engine);
  const stop = stopHooks(engine);

  const checked = (command: HookedCommand): HooksConfig | undefined => {
    if (checkedByFile.has(command.file)) return checkedByFile.get(command.file);
    let config: HooksConfig | undefined;
    if (command.fromProject && !inputs.projectTrusted) {
      inputs.warn(
        `${command.file}: the hooks of /${command.name} stay off: this folder is not trusted`,
      );
    } else {
      const parsed = parseHooksConfig(command.hooks, { file: command.file });
      for (const issue of [...parsed.errors, ...parsed.warnings]) inputs.warn(describeIssue(issue));
      const kept = skillEventsOnly(parsed.hooks, command.file, inputs.warn);
      config = Object.keys(kept).length > 0 ? kept : undefined;
    }
    checkedByFile.set(command.file, config);
    return config;
  };

  return {
    checked,
    inForce: () => invoked,
    add(command) {
      if (added.has(command.file)) return;
      const config = checked(command);
      if (!config) return;
      added.set(command.file, config);
      invoked.push({ name: command.name, file: command.file, hooks: config });
      engine.reconfigure(mergeHooksConfigs([...added.values()]));
    },
    tool: {
      // Until a skill with hooks is invoked, nothing is built or run.
      preToolUse: (...call) =>
        added.size === 0 ? Promise.resolve({ attachments: [] }) : tool.preToolUse(...call),
      postToolUse: (...call) =>
        added.size === 0 ? Promise.resolve({ attachments: [] }) : tool.postToolUse(...call),
    },
    stop: (messages, context, active) =>
      added.size === 0 ? Promise.resolve({ blockingErrors: [] }) : stop(messages, context, active),
  };
}
