/** A scripted fault, as a scenario file holds it. */
export type FaultJson = Record<string, unknown>;

/** The answer every recovered cell ends with. */
export const DONE = "All checks done.";

/** The answer the follow-up scenario gives the resumed session. */
export const RESUMED = "Picked up where we left off.";

/** A Bash call that appends its label to ran.log, so a test can count how often it ran. */
export function bash(label: string) {
  return { type: "tool_use", name: "Bash", input: { command: `echo ${label} >> ran.log` } };
}

/**
 * A Bash call that touches `started`, then waits for the runner to create `release` (bounded,
 * so an orphan never lingers), then logs its label: the phase "a tool is running" is held
 * open by the test rather than by a timer.
 */
export function heldBash(label: string) {
  const wait = "i=0; while [ ! -f release ] && [ $i -lt 500 ]; do sleep 0.02; i=$((i+1)); done";
  return {
    type: "tool_use",
    name: "Bash",
    input: { command: `touch started; ${wait}; echo ${label} >> ran.log` },
  };
}

/** A text block. */
export function text(words: string) {
  return { type: "text", text: words };
}

/** Long enough that a cut halfway leaves real text on both sides. */
export const LONG_TEXT =
  "I will run the check now and then look at what it printed, line by line, before answering.";

/** The canned compaction summary, with the rule's faults. */
export function compactRule(faults: FaultJson[] = []) {
  return {
    match: { requestKind: "compact" },
    content: "<summary>1. Primary request: run the checks. 2. Done so far: check A ran.</summary>",
    faults,
  };
}

/** Enough reported input that the next request passes the auto-compact threshold (167k of 200k). */
export const NEAR_FULL = { input_tokens: 170_000 };

/** The window the compaction cells run with (the default model's own is 1M). */
export const WINDOW_ENV = { KEEL_CONTEXT_WINDOW: "200000" };

/** A Stop hook that sends the model back once (it lets the turn end when stop_hook_active). */
export const STOP_ONCE = [
  "input=$(cat)",
  `case "$input" in *'"stop_hook_active":true'*) exit 0;; esac`,
  'echo "Check the work once more." >&2',
  "exit 2",
].join("\n");

/** A PreToolUse hook that touches hook-started, then waits for `release` (bounded). */
export const SLOW_PRE_TOOL = [
  "cat > /dev/null",
  "touch hook-started",
  "i=0; while [ ! -f release ] && [ $i -lt 500 ]; do sleep 0.02; i=$((i+1)); done",
  "exit 0",
].join("\n");

/** The hooks entry that runs a script from .claude/. */
export function hookEntry(script: string, matcher?: string) {
  const command = `bash "$CLAUDE_PROJECT_DIR/.claude/${script}"`;
  return [{ ...(matcher ? { matcher } : {}), hooks: [{ type: "command", command }] }];
}

/** The follow-up scenario the resumed session runs against (any history: count mode). */
export const FOLLOW_UP = {
  name: "follow-up",
  turnMode: "count",
  turns: [{ content: RESUMED }],
  side: [compactRule()],
};
