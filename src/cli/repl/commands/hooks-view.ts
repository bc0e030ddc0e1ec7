import type { SettingsSource } from "../../../config/settings/sources.js";
import type { HookHandlerConfig } from "../../../hooks/config.js";
import { HOOK_EVENTS, type HookEvent } from "../../../hooks/events.js";
import { terminalSafe } from "../render/terminal-text.js";
import type { HookEntry, HookListing, HookOrigin, ListedHook } from "./hook-listing.js";

/** The longest command, URL or prompt line shown for a hook. */
const WHAT_CHARS = 80;

/** Where hooks are configured, said when there are none. */
const WHERE_HOOKS_GO =
  "Hooks go under \"hooks\" in ~/.claude/settings.json (yours), .claude/settings.json (the project's, shared) or .claude/settings.local.json (the project's, yours), or come with a plugin.";

/** Hooks keel keeps out of the list, and why. */
const SCOPED_HOOKS =
  "Hooks in an agent file run only while that subagent runs (not listed); a skill's run from its first invocation to the session's end (listed from then on).";

const SOURCE_NAMES: Record<SettingsSource, string> = {
  userClaude: "User settings",
  userKeel: "User settings (keel)",
  project: "Project settings",
  local: "Local settings",
  flagSettings: "--settings",
  cli: "command line",
};

/** A line of text cut to one row: its first line, at most WHAT_CHARS characters. */
function oneLine(text: string): string {
  // A project's settings wrote it: nothing in it may reach the terminal as a control sequence.
  const lines = text.trim().split("\n").map(terminalSafe);
  const first = lines[0]?.trim() ?? "";
  const cut = first.length > WHAT_CHARS ? `${first.slice(0, WHAT_CHARS - 1)}…` : first;
  return lines.length > 1 && cut === first ? `${cut} …` : cut;
}

/** What a hook runs: its command, URL, prompt's first line, or MCP tool. */
function whatItRuns(hook: HookHandlerConfig): string {
  switch (hook.type) {
    case "command":
      return oneLine(hook.command);
    case "http":
      return hook.url;
    case "prompt":
    case "agent":
      return oneLine(hook.prompt);
    case "mcp_tool":
      return `${hook.server}/${hook.tool}`;
  }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function originText(origin: HookOrigin): string {
  if (origin.kind === "plugin") return `Plugin ${origin.plugin} (${origin.root})`;
  if (origin.kind === "skill") return `Skill /${origin.skill} (${origin.file})`;
  // Inline `--settings` JSON has no file: its origin already says where it came from.
  if (origin.file.startsWith("--settings")) return origin.file;
  return `${SOURCE_NAMES[origin.source]} (${origin.file})`;
}

function hookLine(entry: HookEntry): string {
  const condition = entry.hook.if === undefined ? "" : ` · if ${entry.hook.if}`;
  return `    ${entry.hook.type}: ${whatItRuns(entry.hook)} · timeout ${seconds(entry.timeoutMs)}${condition}`;
}

function listedLines(hook: ListedHook): string[] {
  const state = hook.state.kind === "in force" ? "in force" : hook.state.why;
  return [hookLine(hook), `      ${originText(hook.origin)} · ${state}`];
}

function matcherText(matcher: string | undefined): string {
  return matcher === undefined || matcher === "" || matcher === "*" ? "* (any)" : matcher;
}

/** Entries grouped by event (in HOOK_EVENTS order), then by matcher (in the order found). */
function grouped<T extends HookEntry>(entries: readonly T[], line: (entry: T) => string[]) {
  return HOOK_EVENTS.flatMap((event) => {
    const here = entries.filter((entry) => entry.event === event);
    if (here.length === 0) return [];
    const matchers = [...new Set(here.map((entry) => matcherText(entry.matcher)))];
    return [
      event,
      ...matchers.flatMap((matcher) => [
        `  matcher ${matcher}`,
        ...here.filter((entry) => matcherText(entry.matcher) === matcher).flatMap(line),
      ]),
    ];
  });
}

/** The event `/hooks <name>` names (any case), or undefined. */
export function hookEventNamed(name: string): HookEvent | undefined {
  return HOOK_EVENTS.find((event) => event.toLowerCase() === name.toLowerCase());
}

/**
 * `/hooks` (or `/hooks <Event>`): the hooks by event and matcher, each with its type, what it
 * runs, its timeout, its file or plugin, and whether it is in force now (if not, why).
 */
export function hooksText(listing: HookListing, only?: HookEvent): string {
  const mine = <T extends HookEntry>(entries: readonly T[]) =>
    only === undefined ? entries : entries.filter((entry) => entry.event === only);
  const hooks = mine(listing.hooks);
  const stale = mine(listing.stale);
  const lines: string[] = [];
  if (hooks.length === 0 && stale.length === 0) {
    lines.push(
      only === undefined ? "No hooks are configured." : `No ${only} hooks are configured.`,
    );
    lines.push(WHERE_HOOKS_GO);
  } else {
    const inForce = hooks.filter((hook) => hook.state.kind === "in force").length;
    lines.push(
      `Hooks${only === undefined ? "" : ` for ${only}`}: ${hooks.length} configured, ${inForce} in force (edit them in the files named)`,
    );
    lines.push(...grouped(hooks, listedLines));
    if (stale.length > 0) {
      lines.push(
        "In force until keel starts again, though no settings file or plugin has them now:",
      );
      lines.push(...grouped(stale, (entry) => [hookLine(entry)]));
    }
  }
  lines.push(...listing.notes);
  if (only === undefined) lines.push(SCOPED_HOOKS);
  return lines.join("\n");
}

/** The error for `/hooks <name>` when no event has that name. */
export function unknownEventText(name: string): string {
  return `/hooks: no hook event is called "${name}". The events: ${HOOK_EVENTS.join(", ")}.`;
}
