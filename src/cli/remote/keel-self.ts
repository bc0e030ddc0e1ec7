import type { KeelCommand } from "../../remote/keel-child.js";

/** How to start this same keel (node with its flags, then the executable it runs from). */
export function keelCommand(): KeelCommand {
  return { command: process.execPath, args: [...process.execArgv, process.argv[1] ?? ""] };
}

/** A positive integer from the environment (a test's shorter wait), else the default. */
export function positiveEnvInt(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a positive integer (got ${raw})`);
  return n;
}
