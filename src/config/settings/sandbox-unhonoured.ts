import { SANDBOX_KEYS, type SandboxSettings } from "./sandbox-schema.js";

/** Keys Claude Code takes only from managed settings, which keel does not have. */
const MANAGED_ONLY: Readonly<Record<string, (s: SandboxSettings) => unknown>> = {
  "network.allowManagedDomainsOnly": (s) => s.network?.allowManagedDomainsOnly,
  "filesystem.allowManagedReadPathsOnly": (s) => s.filesystem?.allowManagedReadPathsOnly,
  bwrapPath: (s) => s.bwrapPath,
  socatPath: (s) => s.socatPath,
};

/** Keys the sandbox runtime keel runs (0.0.78) has no counterpart for. */
const NOT_IN_RUNTIME: Readonly<Record<string, (s: SandboxSettings) => unknown>> = {
  allowNestedUserNamespaces: (s) => s.allowNestedUserNamespaces,
};

/** A value that would change something: a switch turned on, a list or path given. */
function meaningful(value: unknown): boolean {
  if (value === undefined || value === false) return false;
  return !Array.isArray(value) || value.length > 0;
}

/**
 * The sandbox settings keel reads but cannot apply, each as `file: sandbox.key: why`: keys it
 * does not know, managed-only ones, what runtime 0.0.78 lacks, macOS-only keys on Linux.
 */
export function unhonouredKeys(
  blocks: ReadonlyArray<{ origin: string; settings: SandboxSettings }>,
  platform: NodeJS.Platform,
): string[] {
  const notes: string[] = [];
  for (const { origin, settings } of blocks) {
    const say = (key: string, why: string) => notes.push(`${origin}: sandbox.${key}: ${why}`);
    for (const key of Object.keys(settings)) {
      if (!SANDBOX_KEYS.has(key)) say(key, "not a sandbox setting keel knows; ignored");
    }
    for (const [key, pick] of Object.entries(MANAGED_ONLY)) {
      if (pick(settings) !== undefined) {
        say(
          key,
          "Claude Code takes it from managed settings only, which keel does not read; no effect",
        );
      }
    }
    for (const [key, pick] of Object.entries(NOT_IN_RUNTIME)) {
      if (pick(settings) !== undefined)
        say(key, "the sandbox runtime keel uses has no such switch; no effect");
    }
    if (platform === "linux") {
      const macOnly = {
        "network.allowUnixSockets": settings.network?.allowUnixSockets,
        "network.allowLocalBinding": settings.network?.allowLocalBinding,
        "network.allowMachLookup": settings.network?.allowMachLookup,
        enableWeakerNetworkIsolation: settings.enableWeakerNetworkIsolation,
        allowAppleEvents: settings.allowAppleEvents,
      };
      for (const [key, value] of Object.entries(macOnly)) {
        if (meaningful(value)) say(key, "applies on macOS only; no effect on Linux");
      }
    }
  }
  return notes;
}
