import type { HookEvent } from "./events.js";
import type { HookOutput } from "./output-schema.js";

/** A field Claude Code honours that keel accepts but does not apply, and why. */
interface NoEffectField {
  /** Its path in the output, as the user is told it. */
  name: string;
  /** Whether a hook's output gives it (for `event`). */
  given: (event: HookEvent, output: HookOutput) => boolean;
  why: (event: HookEvent) => string;
}

/** Events whose additionalContext keel does not pass on to the model. */
const CONTEXT_NOT_PASSED: ReadonlySet<HookEvent> = new Set([
  "Notification",
  "PostModelSwitch",
  "UserPromptExpansion",
]);

/** The hookSpecificOutput's fields (its unknown ones pass the schema as they are). */
const specific = (output: HookOutput): Record<string, unknown> => output.hookSpecificOutput ?? {};

const FIELDS: readonly NoEffectField[] = [
  {
    name: "terminalSequence",
    given: (_event, output) => typeof output.terminalSequence === "string",
    why: () => "keel writes no hook's escape sequences to the terminal",
  },
  {
    name: "hookSpecificOutput.initialUserMessage",
    given: (event, output) =>
      event === "SessionStart" && typeof specific(output).initialUserMessage === "string",
    why: () => "a session's first prompt is the one it is given",
  },
  {
    name: "hookSpecificOutput.additionalContext",
    given: (event, output) =>
      CONTEXT_NOT_PASSED.has(event) && typeof specific(output).additionalContext === "string",
    why: (event) => `${event} hooks' context does not reach the model`,
  },
];

/**
 * What a hook's output asks that keel cannot do, one line per field (contracts.md §12: accepted,
 * and said, rather than silently ignored).
 */
export function noEffectFields(event: HookEvent, output: HookOutput): string[] {
  return FIELDS.filter((field) => field.given(event, output)).map(
    (field) => `${field.name} has no effect in keel (${field.why(event)})`,
  );
}
