/** The facts the default system prompt is built from. */
export interface SystemPromptFacts {
  cwd: string;
  /** The local date, YYYY-MM-DD. */
  date: string;
}

/** keel's default system prompt. */
export function defaultSystemPrompt(facts: SystemPromptFacts): string {
  return [
    "You are keel, a coding agent working in the user's terminal.",
    "Answer directly and concisely. When you are unsure, say so rather than guess.",
    `Working directory: ${facts.cwd}`,
    `Today's date: ${facts.date}`,
  ].join("\n");
}
