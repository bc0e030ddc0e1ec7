import { rmSync } from "node:fs";
import type { ResolvedSandboxSettings } from "../../config/settings/sandbox-merge.js";
import { ripgrepPath } from "../builtin/ripgrep.js";
import { loadSandboxRuntime, type SandboxRuntime } from "./runtime.js";
import {
  filesystemConfig,
  pathExists,
  runtimeConfig,
  type SandboxPlaces,
  watchedPlaces,
} from "./runtime-config.js";

/** Whether the sandbox can run here, and if not, why. */
export type SandboxAvailability = { available: true } | { available: false; why: string };

/** A Bash call as the sandbox sees it. */
export interface SandboxCall {
  command: string;
  dangerouslyDisableSandbox?: boolean | undefined;
}

/** The places of one call: folders it may write, paths Read deny rules cover now. */
export type CallPlaces = Pick<SandboxPlaces, "writable" | "protectedWrites" | "hidden">;

/** One command to wrap. */
export interface SandboxWrap {
  /** The script bash will run (keel's cwd report included). */
  script: string;
  /** The command the model gave: what violations are reported under. */
  commandText: string;
  /** Violations are kept under this key (the tool use id). */
  id: string;
  /** The shell the runtime starts inside the sandbox, as a path. */
  shell: string;
  places: CallPlaces;
  signal: AbortSignal;
  /**
   * True: the command may write only in `places.writable`; the settings' and the rules'
   * allowWrite are left out (a dream's commands, confined to the memory folder).
   */
  writesOnlyInPlaces?: boolean;
}

/** Whether Bash calls run sandboxed, and whether those calls then need no permission. */
export interface SandboxMode {
  enabled: boolean;
  autoAllow: boolean;
}

/**
 * Claude Code's `sandbox` settings for the Bash tool, enforced by Anthropic's sandbox runtime
 * (bubblewrap and a filtering proxy on Linux, Seatbelt on macOS).
 */
export interface BashSandbox {
  readonly settings: ResolvedSandboxSettings;
  /** The mode now: the settings' at first, then what /sandbox chose. */
  mode(): SandboxMode;
  setMode(mode: SandboxMode): void;
  /** Tried once: the runtime loads, the platform is supported, its programs are installed. */
  availability(): Promise<SandboxAvailability>;
  /** Whether this call runs sandboxed: settings on, sandbox working, the call not let out. */
  covers(call: SandboxCall, cwd: string): Promise<boolean>;
  /** The script that runs `wrap.script` in the sandbox (started with `bash -c`). */
  wrap(wrap: SandboxWrap): Promise<string>;
  /** stderr with the sandbox's violations for that call added (what the model should know). */
  annotate(id: string, stderr: string): string;
  /** Stops the runtime's proxies. */
  dispose(): Promise<void>;
}

/** What a session's sandbox is made of (injected: tests replace the runtime and the matcher). */
export interface BashSandboxDeps {
  settings: ResolvedSandboxSettings;
  /** What permission rules add (Read deny, Edit allow and deny, WebFetch domains); none by default. */
  fromRules?: SandboxPlaces["fromRules"];
  /** `sandbox.excludedCommands` matching (Bash rule syntax, judged from the shell's folder); none by default. */
  isExcluded?(command: string, cwd: string): Promise<boolean>;
  loadRuntime?: () => Promise<SandboxRuntime>;
  ripgrep?: () => Promise<string>;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The watched paths that exist now, removed (links and folders included, never followed). */
function removeAppeared(paths: readonly string[]): string[] {
  const appeared = paths.filter(pathExists);
  for (const path of appeared) rmSync(path, { recursive: true, force: true });
  return appeared;
}

type Probe = { runtime: SandboxRuntime; ripgrep: string } | { why: string };

/** The settings without their `filesystem.allowWrite` (a confined call's). */
function withoutAllowWrite(settings: ResolvedSandboxSettings): ResolvedSandboxSettings {
  return { ...settings, filesystem: { ...settings.filesystem, allowWrite: [] } };
}

const NO_RULES: SandboxPlaces["fromRules"] = {
  allowWrite: [],
  denyWrite: [],
  denyRead: [],
  allowedDomains: [],
  deniedDomains: [],
};

/** The Bash sandbox of one session; nothing is loaded until it is first asked. */
export function createBashSandbox(deps: BashSandboxDeps): BashSandbox {
  const { settings } = deps;
  const load = deps.loadRuntime ?? loadSandboxRuntime;
  let probed: Promise<Probe> | undefined;
  /** Set once the runtime has been initialised (its proxies run from then on). */
  let running: SandboxRuntime | undefined;
  let started: Promise<void> | undefined;
  /** Per call, git's redirections that were absent when it started (runtime-config.ts). */
  const watched = new Map<string, string[]>();
  let mode: SandboxMode = {
    enabled: settings.enabled,
    autoAllow: settings.autoAllowBashIfSandboxed,
  };

  const probe = (): Promise<Probe> => {
    probed ??= (async () => {
      let loaded: SandboxRuntime;
      try {
        loaded = await load();
      } catch (error) {
        return { why: `the sandbox runtime did not load (${message(error)})` };
      }
      if (!loaded.isSupportedPlatform()) return { why: `it does not run on ${process.platform}` };
      const ripgrep = await (deps.ripgrep ?? ripgrepPath)();
      const check = loaded.checkDependencies(settings.ripgrep ?? { command: ripgrep });
      if (check.errors.length > 0) return { why: `missing ${check.errors.join(", ")}` };
      return { runtime: loaded, ripgrep };
    })();
    return probed;
  };

  return {
    settings,
    mode: () => mode,
    setMode(next) {
      mode = { ...next };
    },
    async availability() {
      const found = await probe();
      return "why" in found ? { available: false, why: found.why } : { available: true };
    },
    async covers(call, cwd) {
      if (!mode.enabled) return false;
      if (call.dangerouslyDisableSandbox === true && settings.allowUnsandboxedCommands)
        return false;
      if ("why" in (await probe())) return false;
      return !(await deps.isExcluded?.(call.command, cwd));
    },
    async wrap(wrap) {
      const found = await probe();
      if ("why" in found) throw new Error(`The sandbox cannot run: ${found.why}.`);
      const rules = deps.fromRules ?? NO_RULES;
      const only = wrap.writesOnlyInPlaces === true;
      const places: SandboxPlaces = {
        ...wrap.places,
        fromRules: only ? { ...rules, allowWrite: [] } : rules,
        ripgrep: found.ripgrep,
      };
      started ??= found.runtime.initialize(runtimeConfig(settings, places));
      try {
        await started;
      } catch (error) {
        throw new Error(`The sandbox could not start: ${message(error)}`);
      }
      running = found.runtime;
      watched.set(wrap.id, watchedPlaces(wrap.places.writable));
      // Read deny rules and working folders may have changed since the runtime started.
      const filesystem = filesystemConfig(only ? withoutAllowWrite(settings) : settings, places);
      return found.runtime.wrapWithSandbox(wrap.script, wrap.shell, { filesystem }, wrap.signal, {
        commandId: wrap.id,
        commandText: wrap.commandText,
      });
    },
    annotate(id, stderr) {
      if (!running) return stderr;
      const annotated = running.annotateStderrWithSandboxFailures(id, stderr);
      running.cleanupAfterCommand();
      const planted = removeAppeared(watched.get(id) ?? []);
      watched.delete(id);
      if (planted.length === 0) return annotated;
      return `${annotated}${annotated === "" || annotated.endsWith("\n") ? "" : "\n"}keel removed ${planted.join(", ")}: the command created it, and it would make git run code outside the sandbox.`;
    },
    async dispose() {
      await running?.reset();
      running = undefined;
    },
  };
}
