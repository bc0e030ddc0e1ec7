import { z } from "zod";

/** EnterPlanMode takes nothing (sdk-tools.d.ts). */
export const enterPlanModeInputSchema = z.strictObject({});

/** A parsed EnterPlanMode input. */
export type EnterPlanModeInput = z.infer<typeof enterPlanModeInputSchema>;

/** EnterPlanMode's output (sdk-tools.d.ts). */
export interface EnterPlanModeOutput {
  message: string;
}

/**
 * ExitPlanMode's input: no plan text (the plan lives in the plan file). `plan` and
 * `planFilePath` are what keel adds for whoever approves (an SDK host sees the plan, and may
 * send an edited `plan` back; `planWasEdited` says a person edited the file in the REPL);
 * `allowedPrompts` is Claude Code's deprecated field.
 */
export const exitPlanModeInputSchema = z.object({
  allowedPrompts: z
    .array(z.object({ tool: z.literal("Bash"), prompt: z.string() }))
    .optional()
    .describe("Deprecated: no longer used."),
  plan: z.string().optional().describe("Filled in by keel from the plan file; do not send it."),
  planFilePath: z.string().optional().describe("Filled in by keel; do not send it."),
  planWasEdited: z.boolean().optional().describe("Filled in by keel; do not send it."),
});

/** A parsed ExitPlanMode input. */
export type ExitPlanModeInput = z.infer<typeof exitPlanModeInputSchema>;

/** ExitPlanMode's output (sdk-tools.d.ts's fields keel fills). */
export interface ExitPlanModeOutput {
  plan: string | null;
  isAgent: boolean;
  filePath: string;
  planWasEdited?: boolean;
}
