/** Thrown for a task id the session does not know; the message lists the ids it does know. */
export class UnknownTaskError extends Error {
  constructor(
    readonly taskId: string,
    knownIds: readonly string[],
  ) {
    super(unknownTaskMessage(taskId, knownIds));
    this.name = "UnknownTaskError";
  }
}

/** What the model is told about an id that names no task of this session. */
export function unknownTaskMessage(taskId: string, knownIds: readonly string[]): string {
  const known =
    knownIds.length === 0
      ? "This session has no background tasks."
      : `The background tasks of this session are: ${knownIds.join(", ")}.`;
  return `No background task with id "${taskId}". ${known}`;
}
