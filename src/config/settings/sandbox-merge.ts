import { isAbsolute, resolve } from "node:path";
import type { SettingsLayer } from "./layer.js";
import type { SandboxSettings } from "./sandbox-schema.js";
import { unhonouredKeys } from "./sandbox-unhonoured.js";
import {
  anchorRootOf,
  PROJECT_SOURCES,
  type SettingsRoots,
  type SettingsSource,
} from "./sources.js";

type Credentials = NonNullable<SandboxSettings["credentials"]>;
type CredentialFile = NonNullable<Credentials["files"]>[number];
type CredentialVar = NonNullable<Credentials["envVars"]>[number];

/** The `sandbox` settings of every source merged (Claude Code's rules), paths made absolute. */
export interface ResolvedSandboxSettings {
  enabled: boolean;
  failIfUnavailable: boolean;
  autoAllowBashIfSandboxed: boolean;
  allowUnsandboxedCommands: boolean;
  excludedCommands: string[];
  network: {
    allowedDomains: string[];
    deniedDomains: string[];
    strictAllowlist?: boolean;
    allowUnixSockets: string[];
    allowAllUnixSockets?: boolean;
    allowLocalBinding?: boolean;
    allowMachLookup: string[];
    httpProxyPort?: number;
    socksProxyPort?: number;
    tlsTerminate?: { caCertPath?: string; caKeyPath?: string };
  };
  filesystem: {
    allowWrite: string[];
    denyWrite: string[];
    denyRead: string[];
    allowRead: string[];
    disabled?: boolean;
  };
  credentials: {
    files: CredentialFile[];
    envVars: CredentialVar[];
    allowPlaintextInject?: boolean;
    awsPairs?: Credentials["awsPairs"];
    sigv4?: Credentials["sigv4"];
  };
  ignoreViolations: Record<string, string[]>;
  enableWeakerNestedSandbox?: boolean;
  enableWeakerNetworkIsolation?: boolean;
  allowAppleEvents?: boolean;
  ripgrep?: { command: string; args?: string[] };
  /** Settings keel reads but cannot apply, each as `file: sandbox.key: why` (said once on stderr). */
  unhonoured: string[];
  /** The files whose `sandbox` blocks were merged, lowest source first. */
  origins: string[];
}

/** Keys Claude Code ignores in a cloned project's settings (user, managed or --settings only). */
function withoutUserOnlyKeys(settings: SandboxSettings): SandboxSettings {
  const { ripgrep: _ripgrep, ...rest } = settings;
  const network = rest.network && {
    ...rest.network,
    strictAllowlist: undefined,
    tlsTerminate: undefined,
  };
  const credentials = rest.credentials && {
    ...rest.credentials,
    allowPlaintextInject: undefined,
    awsPairs: undefined,
    sigv4: undefined,
  };
  return { ...rest, ...(network ? { network } : {}), ...(credentials ? { credentials } : {}) };
}

const keepIf = <T>(value: T | undefined, wanted: T): T | undefined =>
  value === wanted ? value : undefined;

/**
 * What a project's settings may still say once a `--settings` file (the program that started
 * keel) sets `allowUnsandboxedCommands: false`, or in a folder the person did not trust: only
 * what makes the sandbox stricter.
 */
export function restrictiveOnly(settings: SandboxSettings): SandboxSettings {
  return {
    enabled: keepIf(settings.enabled, true),
    failIfUnavailable: keepIf(settings.failIfUnavailable, true),
    autoAllowBashIfSandboxed: keepIf(settings.autoAllowBashIfSandboxed, false),
    allowUnsandboxedCommands: keepIf(settings.allowUnsandboxedCommands, false),
    network: {
      deniedDomains: settings.network?.deniedDomains,
      allowAllUnixSockets: keepIf(settings.network?.allowAllUnixSockets, false),
      allowLocalBinding: keepIf(settings.network?.allowLocalBinding, false),
    },
    filesystem: {
      denyWrite: settings.filesystem?.denyWrite,
      denyRead: settings.filesystem?.denyRead,
      disabled: keepIf(settings.filesystem?.disabled, false),
    },
    credentials: {
      files: settings.credentials?.files,
      envVars: settings.credentials?.envVars,
    },
    enableWeakerNestedSandbox: keepIf(settings.enableWeakerNestedSandbox, false),
    enableWeakerNetworkIsolation: keepIf(settings.enableWeakerNetworkIsolation, false),
    allowAppleEvents: keepIf(settings.allowAppleEvents, false),
  };
}

/** A sandbox path as Claude Code reads it: absolute, `~` for home, else from the file's folder. */
function absolutePath(path: string, anchor: string, home: string): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return resolve(home, path.slice(2));
  if (path.startsWith("//")) return resolve(path.slice(1));
  return isAbsolute(path) ? resolve(path) : resolve(anchor, path);
}

/** One source's `sandbox` block, with the folder its relative paths start from. */
interface Block {
  source: SettingsSource;
  origin: string;
  settings: SandboxSettings;
  anchor: string;
}

function last<T>(blocks: readonly Block[], pick: (s: SandboxSettings) => T | undefined) {
  let found: T | undefined;
  for (const block of blocks) found = pick(block.settings) ?? found;
  return found;
}

function union(blocks: readonly Block[], pick: (s: SandboxSettings) => string[] | undefined) {
  return [...new Set(blocks.flatMap((block) => pick(block.settings) ?? []))];
}

function paths(
  blocks: readonly Block[],
  home: string,
  pick: (s: SandboxSettings) => string[] | undefined,
) {
  const all = blocks.flatMap((b) =>
    (pick(b.settings) ?? []).map((p) => absolutePath(p, b.anchor, home)),
  );
  return [...new Set(all)];
}

/** Credential entries of every source; for one path or variable a `deny` wins over a `mask`. */
function credentialsOf<T extends { mode: "deny" | "mask" }>(
  entries: readonly T[],
  key: (entry: T) => string,
): T[] {
  const byKey = new Map<string, T>();
  for (const entry of entries) {
    const held = byKey.get(key(entry));
    if (!held || (held.mode === "mask" && entry.mode === "deny")) byKey.set(key(entry), entry);
  }
  return [...byKey.values()];
}

/** The blocks as they count: project blocks without user-only keys, and only strict once locked. */
function effectiveBlocks(layers: readonly SettingsLayer[], roots: SettingsRoots): Block[] {
  const blocks = layers
    .filter((layer) => layer.settings.sandbox !== undefined)
    .map((layer) => ({
      source: layer.source,
      origin: layer.origin,
      settings: layer.settings.sandbox as SandboxSettings,
      anchor: anchorRootOf(layer.source, roots),
    }));
  const locked = blocks.some(
    (b) => b.source === "flagSettings" && b.settings.allowUnsandboxedCommands === false,
  );
  const userSaysNo = blocks.some(
    (b) => !PROJECT_SOURCES.has(b.source) && b.settings.allowUnsandboxedCommands === false,
  );
  return blocks.map((block) => {
    if (!PROJECT_SOURCES.has(block.source)) return block;
    let settings = withoutUserOnlyKeys(block.settings);
    if (locked) settings = restrictiveOnly(settings);
    if (userSaysNo && settings.allowUnsandboxedCommands === true) {
      settings = { ...settings, allowUnsandboxedCommands: undefined };
    }
    return { ...block, settings };
  });
}

/**
 * Merges the `sandbox` blocks of the layers (given lowest source first): a scalar from the
 * highest source that sets it, lists joined across sources, paths made absolute from the
 * folder of the file that wrote them.
 */
export function mergeSandboxSettings(
  lowFirst: readonly SettingsLayer[],
  roots: SettingsRoots,
  platform: NodeJS.Platform = process.platform,
): ResolvedSandboxSettings {
  const blocks = effectiveBlocks(lowFirst, roots);
  const home = roots.home;
  const ignoreViolations: Record<string, string[]> = {};
  for (const block of blocks) {
    for (const [command, list] of Object.entries(block.settings.ignoreViolations ?? {})) {
      ignoreViolations[command] = [...new Set([...(ignoreViolations[command] ?? []), ...list])];
    }
  }
  const defined = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
  return {
    enabled: last(blocks, (s) => s.enabled) ?? false,
    failIfUnavailable: last(blocks, (s) => s.failIfUnavailable) ?? false,
    autoAllowBashIfSandboxed: last(blocks, (s) => s.autoAllowBashIfSandboxed) ?? false,
    allowUnsandboxedCommands: last(blocks, (s) => s.allowUnsandboxedCommands) ?? true,
    excludedCommands: union(blocks, (s) => s.excludedCommands),
    network: defined({
      allowedDomains: union(blocks, (s) => s.network?.allowedDomains),
      deniedDomains: union(blocks, (s) => s.network?.deniedDomains),
      strictAllowlist: last(blocks, (s) => s.network?.strictAllowlist),
      allowUnixSockets: paths(blocks, home, (s) => s.network?.allowUnixSockets),
      allowAllUnixSockets: last(blocks, (s) => s.network?.allowAllUnixSockets),
      allowLocalBinding: last(blocks, (s) => s.network?.allowLocalBinding),
      allowMachLookup: union(blocks, (s) => s.network?.allowMachLookup),
      httpProxyPort: last(blocks, (s) => s.network?.httpProxyPort),
      socksProxyPort: last(blocks, (s) => s.network?.socksProxyPort),
      tlsTerminate: last(blocks, (s) => s.network?.tlsTerminate),
    }),
    filesystem: defined({
      allowWrite: paths(blocks, home, (s) => s.filesystem?.allowWrite),
      denyWrite: paths(blocks, home, (s) => s.filesystem?.denyWrite),
      denyRead: paths(blocks, home, (s) => s.filesystem?.denyRead),
      allowRead: paths(blocks, home, (s) => s.filesystem?.allowRead),
      disabled: last(blocks, (s) => s.filesystem?.disabled),
    }),
    credentials: defined({
      files: credentialsOf(
        blocks.flatMap((b) =>
          (b.settings.credentials?.files ?? []).map((f) => ({
            ...f,
            path: absolutePath(f.path, b.anchor, home),
          })),
        ),
        (f) => f.path,
      ),
      envVars: credentialsOf(
        blocks.flatMap((b) => b.settings.credentials?.envVars ?? []),
        (v) => v.name,
      ),
      allowPlaintextInject: last(blocks, (s) => s.credentials?.allowPlaintextInject),
      awsPairs: last(blocks, (s) => s.credentials?.awsPairs),
      sigv4: last(blocks, (s) => s.credentials?.sigv4),
    }),
    ignoreViolations,
    ...defined({
      enableWeakerNestedSandbox: last(blocks, (s) => s.enableWeakerNestedSandbox),
      enableWeakerNetworkIsolation: last(blocks, (s) => s.enableWeakerNetworkIsolation),
      allowAppleEvents: last(blocks, (s) => s.allowAppleEvents),
      ripgrep: last(blocks, (s) => s.ripgrep),
    }),
    unhonoured: unhonouredKeys(blocks, platform),
    origins: blocks.map((b) => b.origin),
  };
}
