import { z } from "zod";

const optionSchema = z.strictObject({
  label: z.string().min(1).describe("The choice as the user sees it (1–5 words)"),
  description: z.string().describe("What choosing it means or leads to"),
  preview: z.string().optional().describe("Content shown while the option is focused"),
});

const questionSchema = z.strictObject({
  question: z.string().min(1).describe("The complete question, ending with a question mark"),
  header: z.string().describe("A very short label shown as a chip (max 12 characters)"),
  options: z
    .array(optionSchema)
    .min(2, "a question needs at least 2 options")
    .max(4, "a question has at most 4 options")
    .describe("2–4 distinct choices; do not add an 'Other' option, the user always has one"),
  multiSelect: z.boolean().default(false).describe("True when the user may choose several options"),
});

/** One question, as Claude Code's AskUserQuestion takes it. */
export type Question = z.infer<typeof questionSchema>;

/** AskUserQuestion's input (sdk-tools.d.ts): 1–4 questions; `answers` is the approver's. */
export const askUserQuestionInputSchema = z
  .strictObject({
    questions: z
      .array(questionSchema)
      .min(1, "ask at least 1 question")
      .max(4, "ask at most 4 questions"),
    answers: z
      .record(z.string(), z.string())
      .optional()
      .describe("Filled in by whoever answers: question text → answer"),
    annotations: z
      .record(
        z.string(),
        z.object({ preview: z.string().optional(), notes: z.string().optional() }),
      )
      .optional(),
    metadata: z.object({ source: z.string().optional() }).optional(),
  })
  .superRefine((input, ctx) => {
    const texts = input.questions.map((q) => q.question);
    if (new Set(texts).size !== texts.length)
      ctx.addIssue({ code: "custom", message: "question texts must be unique" });
    input.questions.forEach((q, i) => {
      const labels = q.options.map((o) => o.label);
      if (new Set(labels).size !== labels.length)
        ctx.addIssue({
          code: "custom",
          path: ["questions", i, "options"],
          message: "option labels must be unique within a question",
        });
    });
  });

/** A parsed AskUserQuestion input. */
export type AskUserQuestionInput = z.infer<typeof askUserQuestionInputSchema>;

/** AskUserQuestion's output (sdk-tools.d.ts). */
export interface AskUserQuestionOutput {
  questions: Question[];
  /** Question text → answer (several choices comma-separated). */
  answers: Record<string, string>;
  annotations?: Record<string, { preview?: string; notes?: string }>;
}
