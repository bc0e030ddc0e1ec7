/** What the model is told about TaskStop (our own words). */
export function taskStopDescription(): string {
  return [
    "Stops a background task (a Bash command started with `run_in_background`) and everything it started.",
    "",
    "- `task_id` is the id Bash returned when it started the command.",
    "- The task is asked to end, then killed if it does not; its output file stays readable.",
    "- Stopping a task that has already ended changes nothing and says so.",
  ].join("\n");
}
