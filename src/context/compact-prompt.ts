/** The system prompt of a summary request. */
export const COMPACT_SYSTEM_PROMPT =
  "You are a helpful AI assistant tasked with summarizing conversations between a user and a coding agent.";

/** The nine sections every summary has, in order. */
export const SUMMARY_SECTIONS: readonly string[] = [
  "Primary Request and Intent",
  "Key Technical Concepts",
  "Files and Code Sections",
  "Errors and Fixes",
  "Problem Solving",
  "All User Messages",
  "Pending Tasks",
  "Current Work",
  "Optional Next Step",
];

const SECTION_HINTS: readonly string[] = [
  "Every request and intent the user stated, in detail, including standing instructions and constraints.",
  "Technologies, frameworks and concepts that matter for the work.",
  "Files read, changed or created, with paths; why each matters; the important code snippets and signatures.",
  "Every error met and how it was fixed; user feedback on mistakes, quoted.",
  "Problems solved and troubleshooting still under way.",
  "Every message the user typed (not tool results), in order, quoted verbatim or nearly.",
  "Tasks the user asked for that are not done yet.",
  "Precisely what was being worked on just before this summary, with file names and code.",
  "The next step, only if it follows directly from the user's latest request; quote where the work left off.",
];

const PREAMBLE = `CRITICAL: Respond with TEXT ONLY. Do NOT call any tools.
- You already have everything you need in the conversation below.
- Tool calls will be REJECTED and will waste your only turn.
- Answer with an <analysis> block followed by a <summary> block.`;

const TRAILER =
  "REMINDER: Do NOT call any tools. Respond with plain text only — an <analysis> block followed by a <summary> block.";

/** Facts the prompt must state about what the summariser sees. */
export interface CompactPromptOptions {
  /** Rounds dropped from the start to make the request fit. */
  droppedRounds: number;
  /** The user's `/compact` instructions, then any a PreCompact hook gave. */
  instructions?: string;
}

/**
 * The summary request's prompt: text only, an <analysis> scratchpad (stripped later), then a
 * <summary> in the nine fixed sections.
 */
export function compactPrompt(options: CompactPromptOptions): string {
  const sections = SUMMARY_SECTIONS.map((name, i) => `${i + 1}. ${name}: ${SECTION_HINTS[i]}`);
  const parts = [
    PREAMBLE,
    "Your task is to create a detailed summary of the conversation in the <transcript> above, so that the work can continue from the summary alone.",
    "First, inside <analysis> tags, walk through the conversation chronologically: each user request, your approach, decisions, file names, code, edits, errors and fixes, and user feedback. Then check your draft for accuracy and completeness.",
    `Then write the summary inside <summary> tags with these sections:\n${sections.join("\n")}`,
  ];
  if (options.droppedRounds > 0) {
    parts.push(
      `Note: the ${options.droppedRounds} oldest rounds of the conversation were left out so that this request fits; the transcript starts after them. Say so in the summary.`,
    );
  }
  if (options.instructions?.trim())
    parts.push(`Additional Instructions:\n${options.instructions.trim()}`);
  parts.push(TRAILER);
  return parts.join("\n\n");
}

/**
 * The summary as the conversation keeps it: the <analysis> scratchpad removed, the
 * <summary> tags replaced by a heading, runs of blank lines collapsed.
 */
export function formatCompactSummary(raw: string): string {
  const summary = /<summary>([\s\S]*?)(?:<\/summary>|$)/.exec(raw);
  const text = summary
    ? `Summary:\n${summary[1]!.trim()}`
    : raw.replace(/<analysis>[\s\S]*?(?:<\/analysis>|$)/g, "");
  return text.replace(/\n{3,}/g, "\n\n").trim();
}
