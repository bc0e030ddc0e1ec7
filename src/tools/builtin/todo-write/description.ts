/** What the model is told about TodoWrite. */
export function todoWriteDescription(): string {
  return [
    "Keeps a todo list for the current session: it helps you plan multi-step work, track where you are, and shows the user your progress.",
    "",
    "When to use it:",
    "- The task has three or more distinct steps, or needs planning before you start.",
    "- The user gives several things to do (a numbered or comma-separated list), or asks for a todo list.",
    "- New requirements arrive while you work: add them as items.",
    "",
    "When not to: a single simple step, a question that needs only an answer, or anything done in one or two trivial actions.",
    "",
    "How to use it:",
    "- Each call sends the whole list; it replaces the previous one.",
    '- Each item has `content` (imperative: "Fix the parser") and `activeForm` (ongoing: "Fixing the parser"), and a status: pending, in_progress or completed.',
    "- Mark an item in_progress before you start on it, and keep exactly one item in_progress at a time.",
    "- Mark an item completed as soon as it is done; do not save completions up for later.",
    "- Only mark an item completed when it is fully done: if tests fail, the work is partial, or you are blocked, keep it in_progress and add an item for what is in the way.",
    "- Remove items that no longer apply.",
  ].join("\n");
}
