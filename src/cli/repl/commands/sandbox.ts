import type { ResolvedSandboxSettings } from "../../../config/settings/sandbox-merge.js";
import type { SdkSandboxStatus } from "../../../session/sdk-messages.js";
import type {
  BashSandbox,
  SandboxAvailability,
  SandboxMode,
} from "../../../tools/sandbox/bash-sandbox.js";

/** The session's sandbox as /sandbox sees it (a CliSession's `sandbox` fits). */
export interface SandboxView {
  bash: Pick<BashSandbox, "settings" | "mode" | "setMode" | "availability">;
  status: Pick<SdkSandboxStatus, "readOnlyJail">;
}

/** The three modes Claude Code's /sandbox offers, by the word that picks each. */
export type SandboxChoice = "auto-allow" | "regular" | "off";

/** Each mode with Claude Code's name for it and the switches it sets. */
export const SANDBOX_CHOICES: Readonly<
  Record<SandboxChoice, { label: string; mode: SandboxMode }>
> = {
  "auto-allow": {
    label: "Sandbox BashTool, with auto-allow",
    mode: { enabled: true, autoAllow: true },
  },
  regular: {
    label: "Sandbox BashTool, with regular permissions",
    mode: { enabled: true, autoAllow: false },
  },
  // As in Claude Code, "off" clears auto-allow too: a later `enabled: true` alone stays regular.
  off: { label: "No Sandbox", mode: { enabled: false, autoAllow: false } },
};

/** How /sandbox is typed, shown under its status and after a wrong argument. */
const SANDBOX_USAGE = "Usage: /sandbox [auto-allow|regular|off]";

/** What `/sandbox [mode]` asks for. */
export type SandboxRequest =
  | { kind: "show" }
  | { kind: "set"; choice: SandboxChoice }
  | { kind: "bad"; problem: string };

function isChoice(word: string): word is SandboxChoice {
  return Object.hasOwn(SANDBOX_CHOICES, word);
}

/** Parses the arguments of /sandbox. */
export function parseSandboxArgs(args: string): SandboxRequest {
  const word = args.trim().toLowerCase();
  if (word === "") return { kind: "show" };
  if (isChoice(word)) return { kind: "set", choice: word };
  return {
    kind: "bad",
    problem: `Unknown sandbox mode "${args.trim()}": use auto-allow, regular or off. ${SANDBOX_USAGE}`,
  };
}

/** The choice a mode is (a disabled sandbox is "off" whatever its auto-allow). */
function choiceOf(mode: SandboxMode): SandboxChoice {
  if (!mode.enabled) return "off";
  return mode.autoAllow ? "auto-allow" : "regular";
}

/** What /sandbox shows: the mode now, whether it runs here, and the merged settings. */
export interface SandboxFacts {
  mode: SandboxMode;
  availability: SandboxAvailability;
  readOnlyJail: boolean;
  settings: Pick<
    ResolvedSandboxSettings,
    | "allowUnsandboxedCommands"
    | "excludedCommands"
    | "network"
    | "filesystem"
    | "unhonoured"
    | "origins"
  >;
}

function listed(title: string, items: readonly string[]): string[] {
  if (items.length === 0) return [`${title}: none`];
  return [`${title}:`, ...items.map((item) => `  ${item}`)];
}

function availabilityLine(facts: SandboxFacts): string {
  if (facts.availability.available) return "Runs here: yes";
  const outcome = facts.mode.enabled
    ? "Bash commands run unsandboxed"
    : "turned on, Bash commands would still run unsandboxed";
  return `Runs here: no, ${facts.availability.why}; ${outcome}`;
}

function jailLine(readOnlyJail: boolean): string {
  return readOnlyJail
    ? "keel's read-only jail: available (bwrap), for read-only commands the sandbox does not cover"
    : "keel's read-only jail: not available (bwrap is not installed)";
}

function unsandboxedLine(allowed: boolean): string {
  return allowed
    ? "Unsandboxed commands (dangerouslyDisableSandbox): allowed, with the usual permission"
    : "Unsandboxed commands (dangerouslyDisableSandbox): refused (allowUnsandboxedCommands: false)";
}

/** The /sandbox text: mode, availability, jail, then the settings, one fact or list a line. */
export function sandboxText(facts: SandboxFacts): string {
  const { settings } = facts;
  const choice = choiceOf(facts.mode);
  return [
    `Sandbox mode: ${SANDBOX_CHOICES[choice].label} (${choice})`,
    availabilityLine(facts),
    jailLine(facts.readOnlyJail),
    unsandboxedLine(settings.allowUnsandboxedCommands),
    ...listed("Excluded commands", settings.excludedCommands),
    ...listed("Allowed domains", settings.network.allowedDomains),
    ...listed("Denied domains", settings.network.deniedDomains),
    ...listed("Also writable", settings.filesystem.allowWrite),
    ...listed("Not writable", settings.filesystem.denyWrite),
    ...listed("Not readable", settings.filesystem.denyRead),
    ...listed("Readable again", settings.filesystem.allowRead),
    ...listed("Not honoured by keel", settings.unhonoured),
    ...listed("Sandbox settings from", settings.origins),
    SANDBOX_USAGE,
  ].join("\n");
}

/** Where a mode change went: the settings file (as shown), or why it was not saved. */
export type SavedWhere = { savedTo: string } | { notSaved: string };

/**
 * The one-line answer to a mode change: the mode now, where it was saved, and, when it turns
 * the sandbox on where it cannot run (`availability`, asked only then), that it will not.
 */
export function changedText(
  choice: SandboxChoice,
  where: SavedWhere,
  availability?: SandboxAvailability,
): string {
  const label = SANDBOX_CHOICES[choice].label;
  const what =
    "savedTo" in where
      ? `Sandbox mode: ${label}, for this session and saved to ${where.savedTo}.`
      : `Sandbox mode: ${label}, for this session only (not saved: ${where.notSaved}).`;
  if (availability === undefined || availability.available) return what;
  return `${what} The sandbox cannot run here (${availability.why}): Bash commands run unsandboxed.`;
}
