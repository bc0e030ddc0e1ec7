import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from "./quickjs-sandbox.js";

function positive(text: string | undefined): number | undefined {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The sandbox limits from the environment: KEEL_WORKFLOW_MEMORY_MB (heap, default 64) and
 * KEEL_WORKFLOW_SLICE_MS (guest code that runs this long without waiting is stopped, default 10000).
 */
export function workflowSandboxLimits(
  env: Readonly<Record<string, string | undefined>>,
): SandboxLimits {
  const memoryMb = positive(env.KEEL_WORKFLOW_MEMORY_MB);
  const sliceMs = positive(env.KEEL_WORKFLOW_SLICE_MS);
  return {
    ...DEFAULT_SANDBOX_LIMITS,
    ...(memoryMb === undefined ? {} : { memoryBytes: memoryMb * 1024 * 1024 }),
    ...(sliceMs === undefined ? {} : { sliceMs }),
  };
}
