/**
 * Claude Code's rule for the name of an agent it creates (its `validateAgentType`): letters,
 * digits and hyphens, starting and ending with a letter or digit, 3 to 50 characters. Files
 * written by hand may use the loader's wider AGENT_NAME; /agents creates only these.
 */
const NEW_AGENT_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]$/;

/** Why a name cannot be given to a new agent file, in Claude Code's words; undefined if it can. */
export function newAgentNameProblem(name: string): string | undefined {
  if (name === "") return "Agent type is required";
  if (!NEW_AGENT_NAME.test(name)) {
    return "Agent type must start and end with alphanumeric characters and contain only letters, numbers, and hyphens";
  }
  if (name.length < 3) return "Agent type must be at least 3 characters long";
  if (name.length > 50) return "Agent type must be less than 50 characters";
  return undefined;
}

/** What a new agent file holds. */
interface AgentFileContent {
  name: string;
  /** When to use it: written double-quoted, its line breaks as `\n` (Claude Code's way). */
  description: string;
  /** Tool names; undefined = every tool (the field is left out, as Claude Code does). */
  tools?: readonly string[];
  model?: string;
  color?: string;
  /** The system prompt: the file's body. */
  prompt: string;
}

/**
 * An agent file as Claude Code's /agents writes one: frontmatter with name, the description
 * as a YAML double-quoted string whose line breaks are a literal `\n` (so the loader, like
 * Claude Code's, keeps it on one line), tools, model and colour when given, then the prompt.
 */
export function agentMarkdown(content: AgentFileContent): string {
  const description = content.description
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/\r?\n/g, "\\\\n");
  const lines = [
    "---",
    `name: ${content.name}`,
    `description: "${description}"`,
    ...(content.tools === undefined ? [] : [`tools: ${content.tools.join(", ")}`]),
    ...(content.model === undefined ? [] : [`model: ${content.model}`]),
    ...(content.color === undefined ? [] : [`color: ${content.color}`]),
    "---",
    "",
    content.prompt.trim(),
    "",
  ];
  return lines.join("\n");
}
