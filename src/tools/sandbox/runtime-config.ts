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
 * What keel's safety checks guard inside writable folders, kept read-only in the sandbox too
 * (contracts §6): a folder's `.claude/` (settings, hooks' scripts, commands, agents, skills),
 * git's hooks and config (code that runs later, outside the sandbox), and keel's own settings.
 * The runtime guards the shell start-up files and `.mcp.json` itself; a path that does not
 * exist yet cannot be created either.
 */
export function protectedPlaces(folders: readonly string[], stateDir: string): string[] {
  return [
    ...folders.flatMap((folder) => [
      join(folder, ".claude"),
      join(folder, ".git", "hooks"),
      join(folder, ".git", "config"),
    ]),
    join(stateDir, "settings.json"),
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
