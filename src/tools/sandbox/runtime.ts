import type { SandboxManager, SandboxRuntimeConfig } from "@anthropic-ai/sandbox-runtime";

/** Anthropic's sandbox runtime (the process-wide manager Claude Code runs its sandbox with). */
export type SandboxRuntime = Pick<
  typeof SandboxManager,
  | "isSupportedPlatform"
  | "checkDependencies"
  | "initialize"
  | "wrapWithSandbox"
  | "annotateStderrWithSandboxFailures"
  | "cleanupAfterCommand"
  | "reset"
>;

export type { SandboxRuntimeConfig };

/**
 * Loads the runtime, only when a session turns the sandbox on: it brings proxies, a TLS
 * library and a second zod that a one-turn `keel -p` must not pay for.
 */
export async function loadSandboxRuntime(): Promise<SandboxRuntime> {
  const { SandboxManager } = await import("@anthropic-ai/sandbox-runtime");
  return SandboxManager;
}
