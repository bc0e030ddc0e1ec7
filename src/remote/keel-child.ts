import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { z } from "zod";
import { RESUME_PROMPT } from "./durable-progress.js";
import type { PermissionCeiling } from "./permission-ceiling.js";
import type { RemoteTask } from "./remote-task.js";

/** How to start keel itself (the worker's own executable and node flags). */
export interface KeelCommand {
  command: string;
  args: readonly string[];
}

/** The stream-json result line of a finished `keel -p` (the fields a worker records). */
const resultLineSchema = z.object({
  type: z.literal("result"),
  subtype: z.string(),
  is_error: z.boolean().optional(),
  result: z.string().optional(),
  total_cost_usd: z.number().nonnegative().default(0),
  num_turns: z.number().int().nonnegative().optional(),
  session_id: z.string().optional(),
});

/** What the session's process left: its result line, if it wrote one, and its exit code. */
export interface SessionOutcome {
  result?: z.infer<typeof resultLineSchema>;
  code: number | null;
}

/**
 * keel -p's arguments for a task (or for resuming its session on another worker): the granted
 * permissions only, the worker's user settings only, and no MCP servers from the repository
 * (its .claude/settings.json and .mcp.json come from the submitter: they could widen the
 * permissions or start programs on the worker).
 */
export function sessionArgs(
  task: RemoteTask,
  granted: PermissionCeiling,
  resume?: string,
): string[] {
  const prompt = resume ? RESUME_PROMPT : task.prompt;
  const args = ["-p", prompt, "--output-format", "stream-json", "--verbose"];
  if (resume) args.push("--resume", resume);
  args.push("--permission-mode", granted.mode, "--setting-sources", "user", "--strict-mcp-config");
  for (const rule of granted.allowedTools) args.push("--allowedTools", rule);
  for (const rule of granted.disallowedTools) args.push("--disallowedTools", rule);
  if (task.model) args.push("--model", task.model);
  if (task.maxTurns) args.push("--max-turns", String(task.maxTurns));
  if (task.maxBudgetUsd) args.push("--max-budget-usd", String(task.maxBudgetUsd));
  return args;
}

/** The session's result from one stream-json line, or undefined when the line is not it. */
export function parseResult(line: string): SessionOutcome["result"] {
  try {
    const parsed = resultLineSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one session as an ordinary `keel -p` in the checkout, handing each stream-json line to
 * `onLine` as it comes; `signal` stops it (SIGTERM).
 */
export async function runSession(
  keel: KeelCommand,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => Promise<void>,
  signal: AbortSignal,
): Promise<SessionOutcome> {
  const child = spawn(keel.command, [...keel.args, ...args], {
    cwd,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => child.kill("SIGTERM");
  signal.addEventListener("abort", stop, { once: true });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  let result: SessionOutcome["result"];
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.trim() === "") continue;
    await onLine(line);
    result = parseResult(line) ?? result;
  }
  const code = await exited;
  signal.removeEventListener("abort", stop);
  return { result, code };
}
