/** The longest description a task gets from its prompt or command. */
const DESCRIPTION_CHARS = 80;

/** A one-line description from a prompt: its first line, cut to 80 characters. */
export function describePrompt(prompt: string): string {
  const line = prompt.trim().split("\n")[0] ?? "";
  return line.length > DESCRIPTION_CHARS ? `${line.slice(0, DESCRIPTION_CHARS - 1)}…` : line;
}
