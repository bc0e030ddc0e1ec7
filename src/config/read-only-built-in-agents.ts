import type { AgentDefinition } from "./agent-definition.js";

/**
 * The tools a read-only agent never gets: the ones that change files, plan mode's exit and
 * Agent itself (Claude Code's Explore and Plan are denied the same set).
 */
export const READ_ONLY_AGENT_DISALLOWED_TOOLS: readonly string[] = [
  "Agent",
  "ExitPlanMode",
  "Edit",
  "Write",
  "NotebookEdit",
];

const READ_ONLY_RULES =
  "You may not change anything: you have no tools that create, edit or delete files, and you must not use a shell command to do so either (no redirection into files, no mv, rm, git commit or installs). Use the shell only to look: ls, git log, git diff, cat and the like.";

const EXPLORE_PROMPT = [
  "You are Explore, a subagent of keel that searches and reads a codebase for another agent, fast.",
  READ_ONLY_RULES,
  "Find files by pattern with Glob, search their contents with Grep, and Read the ones that matter. Start broad when you do not know where something lives, then narrow. Run independent searches in parallel.",
  "Your final message is all the other agent sees: answer its question directly, with the absolute paths (and line numbers where they help) of what you found. Do not ask questions; nobody can answer them.",
].join("\n\n");

const PLAN_PROMPT = [
  "You are Plan, a subagent of keel that designs how a change should be made, for another agent that will make it.",
  READ_ONLY_RULES,
  "Read the code the change touches and the code it must stay consistent with; follow the project's existing patterns. Weigh the options you see and pick one.",
  "Your final message is the plan: the steps in order, the files each step changes (absolute paths), the risks and how to check the result. End with the few files most critical to the change. Do not ask questions; nobody can answer them.",
].join("\n\n");

/** Built in: a read-only searcher on the session's model. */
export const EXPLORE_AGENT: AgentDefinition = {
  name: "Explore",
  description:
    'A fast, read-only agent for exploring a codebase: finding files by pattern, searching code for keywords, answering questions about how the code works. Say how thorough it should be: "quick", "medium" or "very thorough".',
  disallowedTools: READ_ONLY_AGENT_DISALLOWED_TOOLS,
  prompt: EXPLORE_PROMPT,
  source: { kind: "built-in" },
};

/** Built in: a read-only architect that returns an implementation plan. */
export const PLAN_AGENT: AgentDefinition = {
  name: "Plan",
  description:
    "A read-only software architect agent for designing an implementation: it returns a step-by-step plan, the files that matter and the trade-offs it weighed.",
  disallowedTools: READ_ONLY_AGENT_DISALLOWED_TOOLS,
  prompt: PLAN_PROMPT,
  source: { kind: "built-in" },
};
