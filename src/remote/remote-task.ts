import { z } from "zod";
import { PERMISSION_MODES } from "../tools/context.js";

/** The BullMQ queue remote tasks go to unless `--queue` names another. */
export const DEFAULT_REMOTE_QUEUE = "keel-remote";

/** Where a worker gets the code: a repository it can reach, or a bundle kept in Redis. */
export const remoteSourceSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("git"),
    url: z.string().min(1),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
  }),
  z.object({ kind: z.literal("bundle"), commit: z.string().regex(/^[0-9a-f]{40}$/) }),
]);

/** What a submitted remote task carries (a BullMQ job's data: untrusted, parsed by the worker). */
export const remoteTaskSchema = z.object({
  taskId: z.string().regex(/^r[0-9a-z]{6,32}$/),
  prompt: z.string().min(1),
  source: remoteSourceSchema,
  permissionMode: z.enum(PERMISSION_MODES).optional(),
  allowedTools: z.array(z.string().min(1)).default([]),
  disallowedTools: z.array(z.string().min(1)).default([]),
  model: z.string().min(1).optional(),
  maxTurns: z.number().int().positive().optional(),
  maxBudgetUsd: z.number().positive().optional(),
  /** "patch": keep the work as a patch in the result and push nothing (batches, benches). */
  deliver: z.enum(["branch", "patch"]).default("branch"),
  submittedAt: z.number().int().nonnegative(),
});

/** A remote task as submitted. */
export type RemoteTask = z.infer<typeof remoteTaskSchema>;

/** A remote task as a submitter writes it (defaults not yet applied). */
export type RemoteTaskInput = z.input<typeof remoteTaskSchema>;

/** How a remote task ended, as the worker records it (the BullMQ job's return value). */
export const remoteResultSchema = z.object({
  taskId: z.string(),
  status: z.enum(["completed", "failed"]),
  worker: z.string(),
  branch: z.string().optional(),
  pushed: z.boolean(),
  /** `git diff` of the work against the base commit when the branch could not be pushed. */
  patch: z.string().optional(),
  resultText: z.string().optional(),
  costUsd: z.number().nonnegative(),
  /** The session's turns (its result's num_turns), when it wrote a result. */
  turns: z.number().int().nonnegative().optional(),
  sessionId: z.string().optional(),
});

/** How a remote task ended. */
export type RemoteResult = z.infer<typeof remoteResultSchema>;

/** Redis keys kept beside a task's BullMQ job (deleted with it). */
export function remoteKeys(queue: string, taskId: string) {
  const base = `keel:${queue}:${taskId}`;
  return {
    log: `${base}:log`,
    bundle: `${base}:bundle`,
    session: `${base}:session`,
    transcript: `${base}:transcript`,
    diff: `${base}:diff`,
  };
}
