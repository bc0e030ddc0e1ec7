import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Options, Query, SDKMessage, SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { afterEach, beforeEach } from "vitest";
import { KEEL_BIN, KEEL_NODE_FLAGS } from "../helpers/run-keel.js";

/** The command that installs this folder's pinned SDK (CI runs it before the tests). */
export const INSTALL_COMMAND =
  "npm ci --omit=optional --no-audit --no-fund --prefix test/agent-sdk";

/** The SDK module, as this folder's package pins it. */
export type AgentSdk = typeof import("@anthropic-ai/claude-agent-sdk");

/**
 * Loads the pinned SDK from this folder's own node_modules; when it is not installed the
 * test fails with the command that installs it (never a silent skip).
 */
export async function loadAgentSdk(
  load: () => Promise<AgentSdk> = () => import("@anthropic-ai/claude-agent-sdk"),
): Promise<AgentSdk> {
  try {
    return await load();
  } catch (error) {
    throw new Error(
      `The Agent SDK tests need the SDK in test/agent-sdk/node_modules: run \`${INSTALL_COMMAND}\` from the repository root (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** A temporary home and working folder for one SDK-driven keel run. */
export interface SdkSandbox {
  home: string;
  cwd: string;
  remove(): Promise<void>;
}

/** Creates the folders; the caller removes them. */
export async function makeSandbox(): Promise<SdkSandbox> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "keel-sdk-")));
  const { mkdir } = await import("node:fs/promises");
  const cwd = join(root, "work");
  await mkdir(cwd);
  return { home: root, cwd, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * A fresh sandbox around each test of the file (made before, removed after); `prepare` writes
 * what the tests expect in it. Returns the current test's sandbox.
 */
export function useSdkSandbox(prepare?: (sandbox: SdkSandbox) => Promise<void>): () => SdkSandbox {
  let current: SdkSandbox | undefined;
  beforeEach(async () => {
    current = await makeSandbox();
    await prepare?.(current);
  });
  afterEach(async () => {
    await current?.remove();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error("the sandbox exists only while a test runs");
    return current;
  };
}

/** SDK options that run the built keel against a scripted server, hermetically. */
export function keelOptions(sandbox: SdkSandbox, serverUrl: string, extra: Options = {}): Options {
  return {
    pathToClaudeCodeExecutable: KEEL_BIN,
    executableArgs: [...KEEL_NODE_FLAGS],
    cwd: sandbox.cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: sandbox.home,
      KEEL_CONFIG_DIR: join(sandbox.home, ".keel"),
      KEEL_RETRY_BASE_MS: "1",
      ANTHROPIC_BASE_URL: serverUrl,
      ANTHROPIC_API_KEY: "test-key",
    },
    stderr: () => {},
    ...extra,
  };
}

/** Every message of a query, in order (rethrows what the SDK threw, with what came before). */
export async function collect(q: Query): Promise<{ messages: SDKMessage[]; error?: Error }> {
  const messages: SDKMessage[] = [];
  try {
    for await (const message of q) messages.push(message);
    return { messages };
  } catch (error) {
    return { messages, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** A user message for streaming input. */
export function userMessage(text: string): SDKUserMessage {
  return {
    type: "user",
    message: { role: "user", content: text },
    parent_tool_use_id: null,
  };
}

/** The results of a run. */
export function resultsOf(messages: readonly SDKMessage[]) {
  return messages.filter((m): m is Extract<SDKMessage, { type: "result" }> => m.type === "result");
}
