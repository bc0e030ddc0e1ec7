/** The facts the default system prompt is built from. */
export interface SystemPromptFacts {
  cwd: string;
  platform: string;
  /** The tools the model has, by name. */
  tools: readonly string[];
}

/** keel's default system prompt (our own words). */
export function defaultSystemPrompt(facts: SystemPromptFacts): string {
  const lines = [
    "You are keel, a coding agent working in the user's terminal, in their repository.",
    "Do what the user asks: read before you change, make the smallest change that does the job, and check your work (run the tests when there are any).",
    "Answer concisely. When you are unsure, say so rather than guess.",
  ];
  if (facts.tools.length > 0) {
    lines.push(
      `You can call these tools: ${facts.tools.join(", ")}. Call several independent read-only tools in one response when you can: they run in parallel.`,
    );
  }
  lines.push("", "# Environment", `Working directory: ${facts.cwd}`, `Platform: ${facts.platform}`);
  return lines.join("\n");
}

/** The user context every request carries: today's date (local). */
export function defaultUserContext(now: Date): Record<string, string> {
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return { currentDate: `Today's date is ${date}.` };
}
