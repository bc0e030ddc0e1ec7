import { z } from "zod";

/** Bash's input, with Claude Code's field names. */
export const bashInputSchema = z.strictObject({
  command: z.string().describe("The shell command to run (bash syntax)."),
  timeout: z
    .number()
    .positive()
    .optional()
    .describe("How long the command may run, in milliseconds, before it is stopped."),
  description: z
    .string()
    .optional()
    .describe("A few words saying what the command does, shown to the user."),
  run_in_background: z
    .boolean()
    .optional()
    .describe(
      "Start the command as a background shell and return at once with its task id; read its output with TaskOutput and stop it with TaskStop.",
    ),
  dangerouslyDisableSandbox: z
    .boolean()
    .optional()
    .describe(
      "Run this command outside the sandbox (when the sandbox is on and its settings allow unsandboxed commands); it then needs the usual permission.",
    ),
});

/** What the model passes to Bash. */
export type BashInput = z.infer<typeof bashInputSchema>;

/** What a Bash call produced (the tool result is built from it). */
export interface BashOutput {
  /** Standard output, with the middle elided when it was too long. */
  stdout: string;
  /** Standard error, likewise. */
  stderr: string;
  /** The shell's exit code; null when it was ended by a signal. */
  exitCode: number | null;
  /** The signal that ended the shell, when one did. */
  exitSignal?: string;
  /** Stopped because the call was aborted. */
  interrupted: boolean;
  /** Stopped because it ran past its timeout (the timeout in ms). */
  timedOutAfterMs?: number;
  /** Set when the output was cut. */
  truncation?: {
    /** Characters of stdout and stderr together. */
    totalChars: number;
    /** The full output (both streams as they arrived), readable with Read. */
    fullOutputPath?: string;
    /** Why the full output could not be saved. */
    saveError?: string;
  };
  /** The working directory after the command (the next call starts there). */
  cwd: string;
  /** Things the model should know (e.g. the previous directory had disappeared). */
  notes: string[];
  /** Set when the command was started as a background shell (it runs on; nothing was waited for). */
  background?: {
    taskId: string;
    /** Where its output is being written. */
    outputFile: string;
  };
}
