import type { AgentDefinition } from "./agent-definition.js";
import { EXPLORE_AGENT, PLAN_AGENT } from "./read-only-built-in-agents.js";
import { STATUSLINE_SETUP_AGENT } from "./statusline-setup-agent.js";

const GENERAL_PURPOSE_PROMPT = [
  "You are a subagent of keel, a coding agent. Another agent handed you one task; carry it out on your own, from start to finish, with the tools you have.",
  "You are good at multi-step work: searching a codebase for code, configuration and patterns, reading what you find, following leads across files, and making changes when the task asks for them.",
  "Search broadly when you do not know where something lives, narrowly when you do. Read before you change anything, and check your work.",
  "Your final message is all the other agent sees of your work: report back concisely, with what you found or did, the absolute paths of the files that matter, and anything left open. Do not ask questions; nobody can answer them.",
].join("\n\n");

/** keel's own general-purpose subagent (Claude Code's default subagent_type). */
export const GENERAL_PURPOSE_AGENT: AgentDefinition = {
  name: "general-purpose",
  description:
    "A capable agent for research and multi-step tasks: searching a codebase, reading and comparing files, and making changes. Use it when a search may take several rounds, or to work on independent parts of a task in parallel.",
  prompt: GENERAL_PURPOSE_PROMPT,
  source: { kind: "built-in" },
};

/** The agents keel always has (project and user agents of the same name override them). */
export const BUILT_IN_AGENTS: readonly AgentDefinition[] = [
  GENERAL_PURPOSE_AGENT,
  STATUSLINE_SETUP_AGENT,
  EXPLORE_AGENT,
  PLAN_AGENT,
];
