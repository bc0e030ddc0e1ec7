import type { AgentDefinition, AgentSource } from "../../../config/agent-definition.js";

/** The sources in the order Claude Code's /agents shows them. */
const SOURCE_ORDER: ReadonlyArray<{ kind: AgentSource["kind"]; title: string }> = [
  { kind: "built-in", title: "Built-in agents" },
  { kind: "project", title: "Project agents (.claude/agents)" },
  { kind: "user", title: "User agents (keel's agents folder, ~/.claude/agents)" },
  { kind: "plugin", title: "Plugin agents" },
  { kind: "sdk", title: "Agents from the Agent SDK's agents option" },
  { kind: "flagSettings", title: "Agents from --agents" },
];

/**
 * A description's first line, short enough for one row. Agent files often hold examples after
 * it, and Claude Code's agent generator writes their line breaks as a literal `\n`.
 */
function summary(description: string): string {
  const first = description.split(/\n|\\n/, 1)[0]?.trim() ?? "";
  return first.length > 100 ? `${first.slice(0, 99)}…` : first;
}

function where(source: AgentSource): string {
  if (source.kind === "plugin") return ` (${source.plugin}) ${source.path}`;
  if (source.kind === "project" || source.kind === "user") return ` ${source.path}`;
  return "";
}

function row(agent: AgentDefinition): string {
  const model = agent.model && agent.model !== "inherit" ? ` [${agent.model}]` : "";
  return `  ${agent.name}${model}  ${summary(agent.description)}${where(agent.source)}`;
}

/**
 * `/agents`: the session's agent types by source, each with its model when it has its own, its
 * description's first line and its file. A name defined twice is listed where it was read.
 */
export function agentsText(agents: readonly AgentDefinition[]): string {
  const sections = SOURCE_ORDER.flatMap(({ kind, title }) => {
    const here = agents.filter((agent) => agent.source.kind === kind);
    return here.length === 0 ? [] : [`${title}:`, ...here.map(row)];
  });
  return [
    ...sections,
    "/agents new <name> adds .claude/agents/<name>.md (this project; --user: keel's agents folder, ~/.keel/agents); /agents edit|delete <name> changes one; /agents generate <what it should do> has the model write one.",
  ].join("\n");
}
