import { join } from "node:path";
import { MEMORY_INDEX } from "./auto-memory-paths.js";
import { type LoadedIndex, MAX_INDEX_LINES } from "./memory-index.js";

/**
 * The system prompt's auto memory section, in our own words: where the folder is, what to
 * keep there and how, and the index as it was loaded.
 */
export function autoMemorySection(memoryDir: string, index: LoadedIndex): string {
  const indexPath = join(memoryDir, MEMORY_INDEX);
  const lines = [
    "# Auto memory",
    `You have a persistent memory folder at ${memoryDir} (it already exists; do not create it). ` +
      "What you save there is shown to you in later sessions of this project, so build it up over time.",
    "- When the user asks you to remember something, save it at once; when they ask you to forget something, remove it.",
    "- Keep one memory per topic file with frontmatter: `name`, `description` (one line, used to judge relevance) and `type`: user (who the user is, how they like to work), feedback (corrections and preferences about your work; state the rule, then **Why:** and **How to apply:**), project (goals, decisions, deadlines not visible in the code), or reference (where outside information lives).",
    `- Saving is two steps: write the topic file, then add one line to ${indexPath}: \`- [Title](file.md) — short hook\` (under ~150 characters, never the content itself).`,
    "- Do not save what the code or git history already tells, what CLAUDE.md already says, or the state of the task at hand (use tasks or a plan for that).",
    "- Write dates as absolute dates. Before relying on a memory, check it against the current state of the code; correct or remove memories that turn out wrong.",
    `- ${MEMORY_INDEX} is loaded into every session, cut after ${MAX_INDEX_LINES} lines, so keep it short; read topic files when they look relevant.`,
  ];
  const body = index.text.trim() === "" ? "(empty: no memories saved yet)" : index.text;
  return [...lines, "", `## ${MEMORY_INDEX}`, body].join("\n");
}
