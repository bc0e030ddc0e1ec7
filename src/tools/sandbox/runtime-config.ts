import { lstatSync } from "node:fs";
import { join } from "node:path";
import type { ResolvedSandboxSettings } from "../../config/settings/sandbox-merge.js";
import type { SandboxRuntimeConfig } from "./runtime.js";

/** What the session adds to the settings: folders, and what permission rules imply. */
export interface SandboxPlaces {
  /** The working folders and the session folder: where commands may write. */
  writable: readonly string[];
  /** Places inside them that stay read-only (protectedPlaces). */
  protectedWrites: readonly string[];
  /** Paths Read deny rules cover now (rules can be added while the session runs). */
  hidden: readonly string[];
  /** From permission rules (Read deny, Edit allow and deny, WebFetch domains). */
  fromRules: {
    allowWrite: readonly string[];
    denyWrite: readonly string[];
    denyRead: readonly string[];
    allowedDomains: readonly string[];
    deniedDomains: readonly string[];
  };
  /** The ripgrep binary the runtime finds dangerous files with. */
  ripgrep: string;
}

const unique = (...lists: ReadonlyArray<readonly string[]>) => [...new Set(lists.flat())];

/**
 * Files in a writable folder whose change makes code run later, outside the sandbox: the
 * shell's start-up files, tools' settings, and git's own redirections (`commondir` and a
 * worktree's or submodule's folder bring their own config and hooks).
 */
const GUARDED_NAMES = [
  ".claude",
  ".keel",
  ".mcp.json",
  ".vscode",
  ".idea",
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".gitconfig",
  ".gitmodules",
  ".ripgreprc",
  ".git/hooks",
  ".git/config",
  ".git/worktrees",
  ".git/modules",
];

/**
 * git's redirections that cannot get an empty stand-in while absent (git reads them if they
 * exist at all): guarded where they exist, and watched where they do not (watchedPlaces).
 */
const REDIRECTIONS = [".git/commondir", ".git/config.worktree"];

/** Whether anything (a link included, not followed) stands at `path`. */
export function pathExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** git's redirections absent from the working folders now: one that appears is removed. */
export function watchedPlaces(folders: readonly string[]): string[] {
  return folders
    .flatMap((folder) => REDIRECTIONS.map((name) => join(folder, name)))
    .filter((path) => !pathExists(path));
}

/**
 * What keel's safety checks guard inside writable folders, kept read-only in the sandbox too
 * (contracts §6), in every working folder (the runtime guards its own list in the folder keel
 * started in only), and keel's own settings. A path that does not exist yet cannot be created
 * either: the runtime mounts an empty stand-in there.
 */
export function protectedPlaces(folders: readonly string[], stateDir: string): string[] {
  return [
    ...folders.flatMap((folder) => GUARDED_NAMES.map((name) => join(folder, name))),
    ...folders
      .flatMap((folder) => REDIRECTIONS.map((name) => join(folder, name)))
      .filter(pathExists),
    join(stateDir, "settings.json"),
    join(stateDir, "trust.json"),
  ];
}

/** The runtime's filesystem rules: settings and rules together, the working folders writable. */
export function filesystemConfig(
  settings: ResolvedSandboxSettings,
  places: SandboxPlaces,
): SandboxRuntimeConfig["filesystem"] {
  const { filesystem } = settings;
  return {
    allowWrite: unique(places.writable, filesystem.allowWrite, places.fromRules.allowWrite),
    denyWrite: unique(places.protectedWrites, filesystem.denyWrite, places.fromRules.denyWrite),
    denyRead: unique(filesystem.denyRead, places.fromRules.denyRead, places.hidden),
    allowRead: filesystem.allowRead,
    ...(filesystem.disabled === undefined ? {} : { disabled: filesystem.disabled }),
  };
}

/**
 * The whole runtime configuration a session's settings make: the `sandbox` keys Claude Code
 * passes through to the runtime, with what permission rules and keel's folders add.
 */
export function runtimeConfig(
  settings: ResolvedSandboxSettings,
  places: SandboxPlaces,
): SandboxRuntimeConfig {
  const { network, credentials } = settings;
  const hasCredentials = credentials.files.length > 0 || credentials.envVars.length > 0;
  return {
    network: {
      ...network,
      allowedDomains: unique(network.allowedDomains, places.fromRules.allowedDomains),
      deniedDomains: unique(network.deniedDomains, places.fromRules.deniedDomains),
    },
    filesystem: filesystemConfig(settings, places),
    ...(hasCredentials ? { credentials } : {}),
    ...(Object.keys(settings.ignoreViolations).length > 0
      ? { ignoreViolations: settings.ignoreViolations }
      : {}),
    ...(settings.enableWeakerNestedSandbox === undefined
      ? {}
      : { enableWeakerNestedSandbox: settings.enableWeakerNestedSandbox }),
    ...(settings.enableWeakerNetworkIsolation === undefined
      ? {}
      : { enableWeakerNetworkIsolation: settings.enableWeakerNetworkIsolation }),
    ...(settings.allowAppleEvents === undefined
      ? {}
      : { allowAppleEvents: settings.allowAppleEvents }),
    ripgrep: settings.ripgrep ?? { command: places.ripgrep },
  };
}
