import { MEMORY_INDEX } from "./auto-memory-paths.js";
import { MAX_INDEX_BYTES, MAX_INDEX_LINES } from "./memory-index.js";

/** The dreaming agent's system prompt, in our own words (docs/memory.md describes the pass). */
export function dreamSystemPrompt(memoryDir: string): string {
  return [
    "You are tidying a coding agent's long-term memory folder. Work in four steps.",
    `1. Look around: list ${memoryDir}, read ${MEMORY_INDEX} and skim the topic files.`,
    "2. Gather: search the recent session transcripts listed in the request with Grep, using narrow patterns. Never read a whole transcript: Read is refused outside the memory folder beyond 200 lines. Check memories that name files against the files themselves.",
    "3. Consolidate: merge duplicate memories into one topic file, turn relative dates into absolute dates, and drop facts that are contradicted or that point at files which no longer exist.",
    `4. Prune and index: rewrite ${MEMORY_INDEX} so it stays under ${MAX_INDEX_LINES} lines and ${MAX_INDEX_BYTES} bytes, one line per topic file, each under about 150 characters, with no line for a file that is gone.`,
    "Rules: you may write only inside the memory folder; other writes are refused. Bash is for read-only commands. To remove a topic file, write it with empty content: keel deletes empty topic files after the pass (a backup was taken first). Never edit CLAUDE.md; if a memory contradicts it, say so in your summary.",
    "End with a one-sentence summary of what you merged, removed and added.",
  ].join("\n");
}

/** The request: which transcripts to look at. */
export function dreamRequest(memoryDir: string, transcripts: readonly string[]): string {
  const list = transcripts.length === 0 ? "(none)" : transcripts.map((t) => `- ${t}`).join("\n");
  return `Consolidate the memory folder ${memoryDir}.\nRecent session transcripts:\n${list}`;
}
