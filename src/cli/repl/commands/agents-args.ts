import type { AgentFileScope } from "./agent-files.js";
import { splitArguments } from "./command-args.js";

/** What `/agents …` asks for. */
type AgentsRequest =
  | { kind: "list" }
  | { kind: "new"; name: string; scope: AgentFileScope }
  | { kind: "edit"; name: string }
  | { kind: "delete"; name: string }
  | { kind: "generate"; description: string }
  | { kind: "bad"; problem: string };

/** How /agents is used, said when the arguments do not fit. */
const AGENTS_USAGE =
  "Usage: /agents (list them), /agents new <name> [--user], /agents edit <name>, /agents delete <name>, /agents generate <what the agent should do>";

function oneName(verb: string, words: readonly string[]): AgentsRequest {
  const [name, ...rest] = words;
  if (name === undefined)
    return { kind: "bad", problem: `/agents ${verb} needs the agent's name. ${AGENTS_USAGE}` };
  if (rest.length > 0)
    return { kind: "bad", problem: `/agents ${verb} takes one name. ${AGENTS_USAGE}` };
  return verb === "edit" ? { kind: "edit", name } : { kind: "delete", name };
}

/** Reads the arguments of `/agents`: no words lists the agents. */
export function parseAgentsArgs(args: string): AgentsRequest {
  const trimmed = args.trim();
  const [verb, ...words] = splitArguments(trimmed);
  switch (verb) {
    case undefined:
    case "list":
      return words.length === 0 ? { kind: "list" } : { kind: "bad", problem: AGENTS_USAGE };
    case "new": {
      const user = words.includes("--user");
      const names = words.filter((word) => word !== "--user");
      const [name, ...rest] = names;
      if (name === undefined || rest.length > 0) {
        return { kind: "bad", problem: `/agents new takes one name (and --user). ${AGENTS_USAGE}` };
      }
      return { kind: "new", name, scope: user ? "user" : "project" };
    }
    case "edit":
    case "delete":
      return oneName(verb, words);
    case "generate": {
      const description = trimmed.slice("generate".length).trim();
      if (description === "") {
        return { kind: "bad", problem: `/agents generate needs a description. ${AGENTS_USAGE}` };
      }
      return { kind: "generate", description };
    }
    default:
      return { kind: "bad", problem: `/agents has no "${verb}". ${AGENTS_USAGE}` };
  }
}
