/** What the model is told about TaskOutput (our own words). */
export function taskOutputDescription(): string {
  return [
    "Reads the output of a background task (a Bash command started with `run_in_background`).",
    "",
    "- `task_id` is the id Bash returned when it started the command.",
    "- Each call returns only the output written since the previous TaskOutput call for that task, with the task's status and, once it has ended, its exit code.",
    "- With `block: true` (the default) the call waits until the task ends or `timeout` ms pass (default 30000); `block: false` returns at once.",
    "- Long output keeps its beginning and end; the full output stays in the task's output file, which you can Read.",
  ].join("\n");
}
