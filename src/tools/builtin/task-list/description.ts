/** What the model is told about the shared task list's tools (our own words). */
export const TASK_LIST_DESCRIPTIONS = {
  TaskCreate: [
    "Adds a task to the session's task list, shared with every agent working on it.",
    "",
    "- Use it for work with several steps, or work others will pick up: one task per step.",
    "- `subject` is a short imperative title; `description` says what done means.",
    "- New tasks start pending and unowned; link order with TaskUpdate's addBlockedBy.",
  ].join("\n"),
  TaskGet:
    "Shows one task of the shared task list in full: subject, description, status, and which tasks it blocks and is blocked by.",
  TaskList: [
    "Lists the shared task list: each task's id, subject, status, owner and what still blocks it.",
    "",
    "- Check it before starting work and after finishing a task, to pick the next one.",
    "- Prefer the lowest-numbered pending task that nothing blocks.",
  ].join("\n"),
  TaskUpdate: [
    "Changes a task of the shared task list.",
    "",
    "- Set status in_progress when you start a task and completed only when it is fully done.",
    '- status "deleted" removes the task (and its links to others).',
    "- addBlocks / addBlockedBy link tasks in both directions; owner assigns the task.",
    "- metadata keys merge into the task's; a key set to null is removed.",
  ].join("\n"),
} as const;
