import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/** One line of `<state>/history.jsonl` (contracts.md §3): a prompt a person sent, and where. */
const historyLine = z.object({
  display: z.string(),
  timestamp: z.number(),
  project: z.string(),
});

/** A prompt history line. */
export type HistoryLine = z.infer<typeof historyLine>;

/** Where the prompt history lives in keel's state folder. */
export function historyPath(stateDir: string): string {
  return join(stateDir, "history.jsonl");
}

function parseLine(line: string): HistoryLine | undefined {
  try {
    const parsed = historyLine.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The prompts sent in a project, oldest first (damaged lines are skipped). */
export async function loadPromptHistory(
  stateDir: string,
  project: string,
  limit = 500,
): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(historyPath(stateDir), "utf8");
  } catch {
    return [];
  }
  const prompts = text
    .split("\n")
    .map(parseLine)
    .filter((line): line is HistoryLine => line?.project === project)
    .map((line) => line.display);
  return prompts.slice(-limit);
}

/** Appends a sent prompt to the history file. */
export async function appendPromptHistory(stateDir: string, line: HistoryLine): Promise<void> {
  await mkdir(stateDir, { recursive: true });
  await appendFile(historyPath(stateDir), `${JSON.stringify(line)}\n`);
}
