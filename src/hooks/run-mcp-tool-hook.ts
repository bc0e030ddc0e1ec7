import type { McpToolHookConfig } from "./config.js";
import type { CommandHookResult } from "./run-command-hook.js";

/** Calls a tool of a connected MCP server; throws when the server or call fails. */
export type CallHookMcpTool = (
  call: { server: string; tool: string; args: Record<string, unknown> },
  signal: AbortSignal,
) => Promise<{ text: string; isError: boolean }>;

/** One mcp_tool hook call. */
export interface McpToolHookRequest {
  hook: McpToolHookConfig;
  /** The event's input JSON (the arguments when the hook gives no `input`). */
  inputJson: string;
  timeoutMs: number;
  signal: AbortSignal;
  call: CallHookMcpTool;
}

/** The value at a dotted path of the input (`tool_input.file_path`), as text. */
function lookUp(input: unknown, path: string): string {
  let value: unknown = input;
  for (const key of path.split(".")) {
    value = typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;
  }
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The hook's `input` with `${path}` in its string values replaced from the event's input. */
export function interpolateArgs(template: unknown, input: unknown): unknown {
  if (typeof template === "string") {
    return template.replace(/\$\{([A-Za-z0-9_.]+)\}/g, (_all, path: string) => lookUp(input, path));
  }
  if (Array.isArray(template)) return template.map((item) => interpolateArgs(item, input));
  if (typeof template === "object" && template !== null) {
    const entries = Object.entries(template).map(([k, v]) => [k, interpolateArgs(v, input)]);
    return Object.fromEntries(entries);
  }
  return template;
}

/**
 * Runs an mcp_tool hook as a command hook's ending: the tool's text is its stdout (a hook's
 * JSON output, or plain text); a tool error, a server that is not connected or a failed call
 * is a non-blocking error; past the timeout the call is abandoned. Never throws.
 */
export async function runMcpToolHook(request: McpToolHookRequest): Promise<CommandHookResult> {
  const input: unknown = JSON.parse(request.inputJson);
  const args = asRecord(request.hook.input ? interpolateArgs(request.hook.input, input) : input);
  const deadline = new AbortController();
  const onAbort = () => deadline.abort();
  request.signal.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
  const { server, tool } = request.hook;
  try {
    const call = { server, tool, args };
    const answer = await Promise.race([request.call(call, deadline.signal), aborted(deadline)]);
    if (answer.isError) return failed(`${server}/${tool} answered with an error: ${answer.text}`);
    return { kind: "exited", exitCode: 0, exitSignal: null, stdout: answer.text, stderr: "" };
  } catch (error) {
    if (request.signal.aborted) return { kind: "aborted" };
    if (deadline.signal.aborted) {
      return { kind: "timed_out", timeoutMs: request.timeoutMs, stdout: "", stderr: "" };
    }
    return failed(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener("abort", onAbort);
  }
}

/** The call's arguments: an object (the input JSON and a hook's `input` always are one). */
function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {};
}

/** Rejects when the deadline fires, so a server that ignores the abort cannot hold the hook. */
function aborted(deadline: AbortController): Promise<never> {
  return new Promise((_resolve, reject) => {
    deadline.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
  });
}

function failed(message: string): CommandHookResult {
  return { kind: "exited", exitCode: 1, exitSignal: null, stdout: "", stderr: message };
}
