import { appendFile, readFile, truncate } from "node:fs/promises";
import { z } from "zod";
import { isMissingPathError } from "../../tools/builtin/file-paths.js";

/** One line of results.jsonl: how one task of the batch ended (docs/batch.md). */
export const batchResultSchema = z
  .object({
    id: z.string().min(1),
    /** The remote task id (`keel logs <task_id>` shows its session). */
    task_id: z.string().regex(/^r[0-9a-z]{10}$/),
    status: z.enum(["completed", "failed"]),
    /** The session's turns; null when it wrote no result (it never ran, or was cut off). */
    turns: z.number().int().nonnegative().nullable(),
    cost_usd: z.number().nonnegative(),
    /** From the worker taking the task to its end (checkout, session and git). */
    duration_ms: z.number().int().nonnegative().nullable(),
    /** The branch pushed to the repository (keel/<task_id>), when it was pushed. */
    branch: z.string().min(1).optional(),
    /** The work as a `git diff` against the base commit, when no branch was pushed. */
    patch: z.string().optional(),
    /** The session's final text. */
    result: z.string().optional(),
    /** Why the task failed. */
    error: z.string().min(1).optional(),
    worker: z.string().optional(),
  })
  .strict();

/** How one task of the batch ended. */
export type BatchResult = z.infer<typeof batchResultSchema>;

/** The results already written, by id, and problems with lines that are not results. */
export interface ResultsFile {
  results: Map<string, BatchResult>;
  problems: string[];
}

/**
 * Reads results.jsonl. A last line with no newline is what a run cut off mid-write left: it
 * is cut from the file (that task's result is written again); any other bad line is a problem.
 */
export async function readResults(path: string): Promise<ResultsFile> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (isMissingPathError(error)) return { results: new Map(), problems: [] };
    throw error;
  }
  const complete = text.endsWith("\n") ? text : text.slice(0, text.lastIndexOf("\n") + 1);
  if (complete.length < text.length) await truncate(path, Buffer.byteLength(complete));
  const results = new Map<string, BatchResult>();
  const problems: string[] = [];
  complete.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const parsed = batchResultSchema.safeParse(safeJson(line));
    if (parsed.success) results.set(parsed.data.id, parsed.data);
    else problems.push(`${path} line ${index + 1} is not a batch result`);
  });
  return { results, problems };
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/**
 * Appends one result as one line, written whole by a single append (a run killed mid-write
 * leaves at most a cut-off last line, which readResults drops).
 */
export async function appendResult(path: string, result: BatchResult): Promise<void> {
  await appendFile(path, `${JSON.stringify(batchResultSchema.parse(result))}\n`);
}
