import { chainToolHooks } from "../../hooks/chain-hooks.js";
import type { HookEventFields } from "../../hooks/hook-input.js";
import type { HookedCommand } from "../../hooks/skill-scoped-hooks.js";
import type { McpPromptCommand } from "../../mcp/prompt-commands.js";
import type { PermissionEngine, TurnRules } from "../../policy/engine.js";
import type { ListedSkill } from "../../session/skills/skill-listing.js";
import type { ForkExtras } from "../../tools/builtin/skill/forked-skill.js";
import type { SkillToolDeps } from "../../tools/builtin/skill/skill-tool.js";
import type { UserCommand } from "../repl/commands/command-file.js";
import {
  type CommandPrompt,
  type CommandPromptDeps,
  commandPrompt,
  type InvokedBy,
} from "../repl/commands/command-prompt.js";
import { inlineCommands } from "../repl/commands/inline-shell.js";
import { type CommandHooks, hookedCommand } from "./command-hooks.js";
import { activatedBy } from "./conditional-skills.js";
import { skillTurnOverrides } from "./skill-overrides.js";
import {
  loadSlashCatalog,
  modelInvocable,
  type SlashCatalog,
  type SlashRoots,
  slashFolders,
} from "./slash-catalog.js";

/** The commands and skills of a CLI session, and how they run. */
export interface SessionSlash {
  /**
   * What was found when the session started, or at its last reload (system/init, the Skill
   * tool, the listing).
   */
  readonly start: SlashCatalog;
  /** Reads the commands and skills again (the REPL picks up files added meanwhile). */
  catalog(): Promise<SlashCatalog>;
  /**
   * Reads the commands and skills again and puts them in `start` (reload_skills, a SessionStart
   * hook's reloadSkills), with the folders given replacing the session's (folders added since).
   */
  reload(folders?: SlashFolders): Promise<SlashCatalog>;
  /** The folders the skills and commands are read from now (watched for changes). */
  folders(): string[];
  /** Tells `listener` after each reload (an SDK host is told of a changed list); unsubscribes. */
  onReload(listener: () => void): () => void;
  /** A command's or skill's prompt: arguments, !`command` output, `@file`s. */
  expand(
    command: UserCommand,
    args: string,
    signal: AbortSignal,
    invokedBy?: InvokedBy,
  ): Promise<CommandPrompt>;
  /** The skills and commands the model is told about (its listing). */
  listed(): ListedSkill[];
  /**
   * The listed entries reloads added since this was last asked (each returned once): the
   * model is told of them on its next turn.
   */
  takeAdded(): ListedSkill[];
  /**
   * Puts in play the skills whose `paths` match files the model just read or wrote; returns
   * those newly listed (each skill once per session).
   */
  activateFor(paths: readonly string[]): ListedSkill[];
  /** What the Skill tool runs on. */
  skillTool: SkillToolDeps;
  /** A prompt of the person's starts: rules a skill put in force for the last one end. */
  beginPrompt(): void;
  /** Puts a command's allowed-tools in force; the returned handle removes them. */
  allow(rules: readonly string[], origin: string): TurnRules | undefined;
  /** The MCP servers' prompts, as `/mcp__<server>__<prompt>` commands. */
  mcpPrompts(): McpPromptCommand[];
  /**
   * What a forked skill's subagent runs with: the hooks of the file its name last expanded to
   * (checked once, by the session's skill hooks), and the folder's trust (an untrusted
   * project's agent file runs without its own hooks).
   */
  forkExtras(name: string): ForkExtras;
}

/** The folders a reload may change: working folders and plugins come and go mid-session. */
export type SlashFolders = Partial<
  Pick<SlashRoots, "addedDirs" | "pluginFolders" | "pluginCommandFolders">
>;

/** What a session's slash commands are built from. */
export interface SessionSlashInputs {
  roots: SlashRoots;
  sessionId: string;
  deps: CommandPromptDeps;
  permissions: () => PermissionEngine | undefined;
  mcpPrompts: () => McpPromptCommand[];
  warn: (text: string) => void;
  /** UserPromptExpansion hooks, for commands the person typed: why one stopped it, or nothing. */
  onExpanded?: (input: HookEventFields["UserPromptExpansion"]) => Promise<string | undefined>;
  /** Where invoked commands' hooks go (undefined: hooks are off, none run). */
  hooks?: CommandHooks;
}

/** A listed entry: the description, then `when_to_use` (as Claude Code joins them). */
function listedOf(command: UserCommand): ListedSkill {
  const about = [command.description, command.whenToUse].filter((t) => t !== undefined);
  return { name: command.name, description: about.join(" - ") };
}

/**
 * The model's Skill calls put an inline skill's hooks in force: on the main conversation for
 * the session, in a subagent for that subagent's calls (its Stop hooks told once, not run); a
 * forked skill's go to its own subagent.
 */
function skillToolHooks(
  find: (name: string) => UserCommand | undefined,
  slash: Pick<SessionSlash, "forkExtras">,
  inputs: Pick<SessionSlashInputs, "hooks" | "warn">,
): Pick<SkillToolDeps, "startHooks" | "forkExtras"> {
  // Each subagent takes a skill's hooks once: invoked again there, nothing is added.
  const inSubagents = new Set<string>();
  const told = new Set<string>();
  return {
    startHooks: (name, agentId) => {
      const command = find(name);
      const hooked = command && hookedCommand(command);
      if (!hooked || !inputs.hooks) return undefined;
      if (agentId === undefined) {
        inputs.hooks.add(hooked);
        return undefined;
      }
      const key = `${agentId}\0${hooked.file}`;
      if (inSubagents.has(key)) return undefined;
      inSubagents.add(key);
      const own = inputs.hooks.forSubagent(hooked);
      if (!own) return undefined;
      if (hooked.hooks.Stop !== undefined && !told.has(hooked.file)) {
        told.add(hooked.file);
        inputs.warn(
          `${hooked.file}: the Stop hooks of /${hooked.name} do not run when a subagent starts it (its tool hooks do, for that subagent)`,
        );
      }
      return (context) => ({ ...context, hooks: chainToolHooks(context.hooks, own) });
    },
    forkExtras: (name) => slash.forkExtras(name),
  };
}

/** The Skill tool's view: the model-invocable entries, expanded with the session's deps. */
function skillToolDeps(
  slash: Omit<SessionSlash, "skillTool">,
  held: TurnRules[],
  inPlay: (command: UserCommand) => boolean,
  inputs: Pick<SessionSlashInputs, "hooks" | "warn">,
): SkillToolDeps {
  const find = (name: string) =>
    modelInvocable(slash.start.commands).find((c) => c.name === name.toLowerCase() && inPlay(c));
  return {
    // Claude Code's words for a skill only a person may start; one not yet in play is unknown.
    refusal: (name) =>
      slash.start.commands.some(
        (c) => c.name === name.toLowerCase() && c.skillDir !== undefined && !c.modelInvocable,
      )
        ? `Skill ${name.toLowerCase()} cannot be used with Skill tool due to disable-model-invocation`
        : undefined,
    find: (name) => {
      const command = find(name);
      if (!command) return undefined;
      // Hooks run code: a skill that brings them is asked about, as Claude Code does.
      const safe =
        (command.allowedTools ?? []).length === 0 &&
        inlineCommands(command.body).length === 0 &&
        command.hooks === undefined;
      const overrides = skillTurnOverrides(command);
      return {
        name: command.name,
        safe,
        ...(command.fork ? { fork: command.fork } : {}),
        ...(overrides ? { overrides } : {}),
      };
    },
    expand: async (name, args, signal) => {
      const command = find(name);
      if (!command) return { ok: false, problem: `Unknown skill: ${name}` };
      const prompt = await slash.expand(command, args, signal, "claude");
      if (!prompt.ok) return prompt;
      return { ok: true, text: prompt.text, allowedTools: command.allowedTools ?? [] };
    },
    allow: (rules, origin) => {
      const handle = slash.allow(rules, origin);
      if (handle) held.push(handle);
    },
    ...skillToolHooks(find, slash, inputs),
  };
}

/**
 * Expansions that remember which skill file a forked skill's name last expanded to: its
 * subagent runs that file's hooks, as the session's skill hooks check them.
 */
function forksKept(
  expand: SessionSlash["expand"],
  forks: Map<string, HookedCommand | undefined>,
): SessionSlash["expand"] {
  return async (command, args, signal, invokedBy) => {
    const prompt = await expand(command, args, signal, invokedBy);
    if (prompt.ok && command.fork) forks.set(command.name, hookedCommand(command));
    return prompt;
  };
}

/**
 * A person's `/name` of an inline command puts its hooks in force once it expanded (and its
 * UserPromptExpansion hooks let it through); the model's Skill calls do through `startHooks`.
 */
function typedHooksStarted(
  expand: SessionSlash["expand"],
  hooks: CommandHooks,
): SessionSlash["expand"] {
  return async (command, args, signal, invokedBy) => {
    const prompt = await expand(command, args, signal, invokedBy);
    const hooked = hookedCommand(command);
    if (prompt.ok && hooked && !command.fork && (invokedBy ?? "user") === "user") {
      hooks.add(hooked);
    }
    return prompt;
  };
}

/**
 * A command the person typed, expanded, then weighed by UserPromptExpansion hooks (the Skill
 * tool's expansions are the model's, and do not run them).
 */
function typedExpansion(
  expand: SessionSlash["expand"],
  onExpanded: NonNullable<SessionSlashInputs["onExpanded"]>,
): SessionSlash["expand"] {
  return async (command, args, signal, invokedBy) => {
    const prompt = await expand(command, args, signal, invokedBy);
    if (!prompt.ok) return prompt;
    const blocked = await onExpanded({
      expansion_type: "slash_command",
      command_name: command.name,
      command_args: args.trim(),
      command_source: command.scope,
      prompt: prompt.text,
    });
    if (blocked === undefined) return prompt;
    return { ok: false, problem: `UserPromptExpansion operation blocked by hook:\n${blocked}` };
  };
}

/** MCP prompts whose text, once fetched, is weighed by UserPromptExpansion hooks too. */
function typedMcpPrompts(
  prompts: SessionSlash["mcpPrompts"],
  onExpanded: NonNullable<SessionSlashInputs["onExpanded"]>,
): SessionSlash["mcpPrompts"] {
  return () =>
    prompts().map((command) => ({
      ...command,
      run: async (args: string) => {
        const text = await command.run(args);
        const blocked = await onExpanded({
          expansion_type: "mcp_prompt",
          command_name: command.name,
          command_args: args.trim(),
          prompt: text,
        });
        if (blocked === undefined) return text;
        throw new Error(`UserPromptExpansion operation blocked by hook:\n${blocked}`);
      },
    }));
}

/** Loads the session's commands and skills (their problems kept in `start`) and wires them. */
export async function createSessionSlash(inputs: SessionSlashInputs): Promise<SessionSlash> {
  let roots = inputs.roots;
  const catalog = () => loadSlashCatalog(roots, inputs.sessionId);
  let start = await catalog();
  let reloading: Promise<unknown> = Promise.resolve();
  const reloadListeners = new Set<() => void>();
  // Model-invocable names a reload found that the model has not been told of yet.
  const added = new Set<string>();
  // Rules the Skill tool put in force, held until the person's next prompt.
  const held: TurnRules[] = [];
  // Skills with `paths` whose files the model has touched: listed from then on.
  const active = new Set<string>();
  const inPlay = (command: UserCommand) => command.paths === undefined || active.has(command.name);
  // The skill a forked name last expanded to, for its subagent's hooks.
  const forks = new Map<string, HookedCommand | undefined>();
  const expand: SessionSlash["expand"] = (command, args, signal, invokedBy) =>
    commandPrompt(command, args, inputs.deps, signal, invokedBy);
  const slash: Omit<SessionSlash, "skillTool"> = {
    get start() {
      return start;
    },
    catalog,
    // One at a time: a watched folder's change and a host's reload_skills may come together,
    // and a slower earlier read must not replace a later one.
    reload: (folders = {}) => {
      const run = reloading.then(async () => {
        roots = { ...roots, ...folders };
        const before = new Set(modelInvocable(start.commands).map((command) => command.name));
        start = await catalog();
        for (const command of modelInvocable(start.commands)) {
          if (!before.has(command.name)) added.add(command.name);
        }
        for (const listener of reloadListeners) listener();
        return start;
      });
      reloading = run.catch(() => undefined);
      return run;
    },
    folders: () => slashFolders(roots),
    onReload: (listener) => {
      reloadListeners.add(listener);
      return () => reloadListeners.delete(listener);
    },
    expand: forksKept(expand, forks),
    forkExtras: (name) => {
      const hooked = forks.get(name);
      const hooks = hooked && inputs.hooks?.checked(hooked);
      return {
        ...(hooks ? { hooks } : {}),
        ...(inputs.deps.projectTrusted === false ? { projectTrusted: false } : {}),
      };
    },
    listed: () => modelInvocable(start.commands).filter(inPlay).map(listedOf),
    takeAdded: () => {
      const fresh = slash.listed().filter((skill) => added.has(skill.name));
      added.clear();
      return fresh;
    },
    activateFor: (paths) => {
      const found = activatedBy(modelInvocable(start.commands), paths, inputs.roots.cwd, active);
      for (const command of found) active.add(command.name);
      return found.map(listedOf);
    },
    beginPrompt: () => {
      for (const handle of held.splice(0)) handle.remove();
    },
    allow: (rules, origin) => {
      const engine = inputs.permissions();
      if (!engine) return undefined;
      const handle = engine.addTurnRules(rules, origin);
      for (const problem of handle.problems) inputs.warn(`${origin}: ${problem}`);
      return handle;
    },
    mcpPrompts: inputs.mcpPrompts,
  };
  const skillTool = skillToolDeps(slash, held, inPlay, inputs);
  const typed = inputs.onExpanded ? typedExpansion(slash.expand, inputs.onExpanded) : slash.expand;
  return {
    ...slash,
    // After the spread, which copies a getter's value: readers see each reload's catalog.
    get start() {
      return start;
    },
    expand: inputs.hooks ? typedHooksStarted(typed, inputs.hooks) : typed,
    ...(inputs.onExpanded
      ? { mcpPrompts: typedMcpPrompts(slash.mcpPrompts, inputs.onExpanded) }
      : {}),
    skillTool,
  };
}
