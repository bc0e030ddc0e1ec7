import { z } from "zod";

/** Timeouts and the output cap, as the environment sets them (contracts.md §3). */
export interface BashLimits {
  defaultTimeoutMs: number;
  maxTimeoutMs: number;
  /** Characters of output the model sees; the rest is elided in the middle. */
  maxOutputChars: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const MAX_TIMEOUT_MS = 600_000;
const DEFAULT_OUTPUT_CHARS = 30_000;
const OUTPUT_CHARS_CEILING = 150_000;

const positiveInt = z.coerce.number().int().positive();

/** Reads BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS and BASH_MAX_OUTPUT_LENGTH (bad values → defaults). */
export function bashLimits(env: Readonly<Record<string, string | undefined>>): BashLimits {
  const defaultTimeoutMs = read(env.BASH_DEFAULT_TIMEOUT_MS) ?? DEFAULT_TIMEOUT_MS;
  const maxTimeoutMs = Math.max(read(env.BASH_MAX_TIMEOUT_MS) ?? MAX_TIMEOUT_MS, defaultTimeoutMs);
  const outputChars = read(env.BASH_MAX_OUTPUT_LENGTH) ?? DEFAULT_OUTPUT_CHARS;
  return {
    defaultTimeoutMs,
    maxTimeoutMs,
    maxOutputChars: Math.min(outputChars, OUTPUT_CHARS_CEILING),
  };
}

function read(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const parsed = positiveInt.safeParse(value.trim());
  return parsed.success ? parsed.data : undefined;
}
