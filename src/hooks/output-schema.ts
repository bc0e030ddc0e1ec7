import { z } from "zod";

/** The event-specific part of a hook's JSON output. */
export const hookSpecificOutputSchema = z.looseObject({
  hookEventName: z.string(),
  permissionDecision: z.enum(["allow", "deny", "ask", "defer"]).optional(),
  permissionDecisionReason: z.string().optional(),
  additionalContext: z.string().optional(),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
  /** WorktreeCreate: the absolute path of the worktree the hook made. */
  worktreePath: z.string().optional(),
  /** Elicitation / ElicitationResult: the answer for the MCP server (in place of the person's). */
  action: z.enum(["accept", "decline", "cancel"]).optional(),
  content: z.record(z.string(), z.unknown()).optional(),
  /** MessageDisplay: the text shown in place of the delta. */
  displayContent: z.string().optional(),
  /** SessionStart / UserPromptSubmit: the session's new title (as `-n/--name` gives one). */
  sessionTitle: z.string().optional(),
  /** SessionStart / CwdChanged / FileChanged: more files for FileChanged hooks to watch. */
  watchPaths: z.array(z.string()).optional(),
  /** PostToolUse: what the model sees instead of the tool's output (the second: MCP tools only). */
  updatedToolOutput: z.unknown().optional(),
  updatedMCPToolOutput: z.unknown().optional(),
  /** PostToolUse: what the auto mode's classifier is told about this call's result. */
  classifierContext: z.string().optional(),
  /** PermissionDenied: the model is told it may try the call again. */
  retry: z.boolean().optional(),
  /** PermissionRequest's answer in place of the dialog. */
  decision: z
    .looseObject({
      behavior: z.enum(["allow", "deny"]),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      message: z.string().optional(),
      /** allow: the SDK's PermissionUpdate list, read where it is applied. */
      updatedPermissions: z.array(z.unknown()).optional(),
      /** deny: stop the turn too, as a person's rejection does. */
      interrupt: z.boolean().optional(),
    })
    .optional(),
});

/** The JSON a hook may print on stdout (exit 0); unknown fields are ignored. */
export const hookOutputSchema = z.looseObject({
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  suppressOutput: z.boolean().optional(),
  systemMessage: z.string().optional(),
  decision: z.enum(["approve", "block"]).optional(),
  reason: z.string().optional(),
  hookSpecificOutput: hookSpecificOutputSchema.optional(),
});

/** A hook's parsed JSON output. */
export type HookOutput = z.infer<typeof hookOutputSchema>;

/** Reading stdout as JSON: none (plain text), the output, or why it is unusable. */
export type ParsedStdout =
  | { kind: "text"; text: string }
  | { kind: "json"; output: HookOutput }
  | { kind: "invalid"; message: string };

/** Reads a hook's stdout: JSON when the trimmed text starts with `{`, else plain text. */
export function parseHookStdout(stdout: string): ParsedStdout {
  const text = stdout.trim();
  if (!text.startsWith("{")) return { kind: "text", text };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: "invalid", message: `output is not valid JSON (${detail})` };
  }
  const parsed = hookOutputSchema.safeParse(value);
  if (parsed.success) return { kind: "json", output: parsed.data };
  const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  return { kind: "invalid", message: `JSON validation failed: ${problems.join("; ")}` };
}
