import { z } from "zod";

/** `{type: "shutdown_request"}`: ask a teammate to end (the lead's). */
const shutdownRequestInputSchema = z.strictObject({
  type: z.literal("shutdown_request"),
  reason: z.string().optional(),
});

/** `{type: "shutdown_response"}`: a teammate's answer to a shutdown request, sent to the lead. */
const shutdownResponseInputSchema = z.strictObject({
  type: z.literal("shutdown_response"),
  request_id: z.string().min(1),
  approve: z.boolean(),
  reason: z.string().optional(),
});

/** `{type: "plan_approval_response"}`: the lead's answer to a teammate's plan. */
const planApprovalResponseInputSchema = z.strictObject({
  type: z.literal("plan_approval_response"),
  request_id: z.string().min(1),
  approve: z.boolean(),
  feedback: z.string().optional(),
});

const structuredMessageSchema = z.discriminatedUnion("type", [
  shutdownRequestInputSchema,
  shutdownResponseInputSchema,
  planApprovalResponseInputSchema,
]);

/** SendMessage's input (Claude Code's v2.1.88 unified schema, task-types.md §1.3). */
export const sendMessageInputSchema = z.strictObject({
  to: z.string().describe('Recipient: a teammate\'s name, or "*" to broadcast to every teammate'),
  summary: z
    .string()
    .optional()
    .describe("A 5-10 word summary shown as a preview (required when message is a string)"),
  message: z
    .union([z.string(), structuredMessageSchema])
    .describe("Plain text, or a structured shutdown/plan-approval message"),
});

export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;
export type StructuredMessage = z.infer<typeof structuredMessageSchema>;

/** What a named background agent did with a message (issue 35's registry answers). */
type AgentRouting = "queued" | "resumed";

/** SendMessage's result. */
export interface SendMessageOutput {
  success: boolean;
  message: string;
  routing?: AgentRouting;
  recipients?: string[];
  request_id?: string;
}
