import { z } from "zod";
import { PERMISSION_MODES } from "../../tools/context.js";

/** What a batch task may set for its session (the worker's ceiling still bounds it). */
export const batchSettingsSchema = z
  .object({
    permissionMode: z.enum(PERMISSION_MODES),
    allowedTools: z.array(z.string().min(1)),
    disallowedTools: z.array(z.string().min(1)),
    model: z.string().min(1),
    maxTurns: z.number().int().positive(),
    maxBudgetUsd: z.number().positive(),
    /** "patch" keeps the work as a patch in the result instead of pushing branch keel/<task>. */
    deliver: z.enum(["branch", "patch"]),
  })
  .partial()
  .strict();

/** One line of a batch's tasks file. */
export const batchTaskSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[^\s]+$/, "an id has no whitespace"),
    prompt: z.string().min(1),
    /** A URL or path workers can clone (a relative path is taken from the tasks file's folder). */
    repository: z.string().min(1),
    /** A branch, tag or commit of the repository (default HEAD), resolved once at submit. */
    ref: z.string().min(1).default("HEAD"),
    settings: batchSettingsSchema.default({}),
  })
  .strict();

/** A batch task as written in the tasks file. */
export type BatchTaskInput = z.input<typeof batchTaskSchema>;

/** A batch task, defaults applied. */
export type BatchTask = z.infer<typeof batchTaskSchema>;

/** The tasks of a file, or every problem found in it (each naming its line). */
export type ParsedTasks =
  | { kind: "tasks"; tasks: BatchTask[] }
  | { kind: "invalid"; problems: string[] };

/** Why one line is not a task, in one line (zod's issues with their paths). */
function lineProblem(lineNo: number, error: z.ZodError): string {
  const issues = error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  );
  return `line ${lineNo}: ${issues.join("; ")}`;
}

function parseLine(text: string, lineNo: number): BatchTask | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `line ${lineNo}: not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const parsed = batchTaskSchema.safeParse(value);
  return parsed.success ? parsed.data : lineProblem(lineNo, parsed.error);
}

/**
 * Parses a tasks file: one JSON task a line, blank lines skipped. Every bad line and every
 * repeated id is reported (with line numbers), so one read shows all there is to fix.
 */
export function parseTasksFile(text: string): ParsedTasks {
  const tasks: BatchTask[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  text.split("\n").forEach((raw, index) => {
    const lineNo = index + 1;
    if (raw.trim() === "") return;
    const task = parseLine(raw, lineNo);
    if (typeof task === "string") {
      problems.push(task);
      return;
    }
    const first = seen.get(task.id);
    if (first !== undefined) {
      problems.push(`line ${lineNo}: id "${task.id}" is already used on line ${first}`);
      return;
    }
    seen.set(task.id, lineNo);
    tasks.push(task);
  });
  if (problems.length > 0) return { kind: "invalid", problems };
  if (tasks.length === 0) return { kind: "invalid", problems: ["the file holds no tasks"] };
  return { kind: "tasks", tasks };
}
