import type { ContextCategory, ContextUsage } from "./context-usage.js";

/** Claude Code's squares: a filled one, a part-filled one, free space, the compaction buffer. */
const FULL = "⛁";
const PART = "⛀";
const FREE = "⛶";
const BUFFER = "⛝";

/** Tokens as Claude Code writes them: 950, 3.2k, 164.2k. */
export function tokensText(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  const k = tokens / 1000;
  return `${k >= 100 ? k.toFixed(0) : k.toFixed(1).replace(/\.0$/, "")}k`;
}

function percentText(tokens: number, window: number): string {
  return `${((tokens / window) * 100).toFixed(1)}%`;
}

/** The squares of what is used: as many as the total covers, the last part-filled when it is not whole. */
function usedSquares(used: readonly ContextCategory[], perSquare: number, count: number): string[] {
  const exact = sum(used.map((c) => c.tokens)) / perSquare;
  const squares = Math.min(count, Math.ceil(exact));
  const cells = Array<string>(squares).fill(FULL);
  if (exact < squares) cells[squares - 1] = PART;
  return cells;
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/**
 * The grid: 10×10 squares for windows up to 200k, 20×10 beyond (as Claude Code sizes it),
 * used categories first, free space next, the compaction buffer last.
 */
export function usageGrid(usage: ContextUsage): string[] {
  const columns = usage.windowTokens > 200_000 ? 20 : 10;
  const count = columns * 10;
  const perSquare = usage.windowTokens / count;
  const used = usage.categories.filter((c) => c.kind === "used");
  const buffer = usage.categories.filter((c) => c.kind === "buffer");
  const front = usedSquares(used, perSquare, count);
  const bufferTokens = sum(buffer.map((c) => c.tokens));
  const back = Array<string>(
    Math.min(count - front.length, Math.ceil(bufferTokens / perSquare)),
  ).fill(BUFFER);
  const cells = [
    ...front,
    ...Array<string>(count - front.length - back.length).fill(FREE),
    ...back,
  ];
  const rows: string[] = [];
  for (let i = 0; i < count; i += columns) rows.push(cells.slice(i, i + columns).join(" "));
  return rows;
}

function symbolOf(category: ContextCategory): string {
  if (category.kind === "free") return FREE;
  return category.kind === "buffer" ? BUFFER : FULL;
}

/** A row of the legend: `⛁ Messages: 1.2k tokens (0.6%)`. */
function legendLine(category: ContextCategory, window: number): string {
  const unit = category.kind === "used" ? " tokens" : "";
  return `${symbolOf(category)} ${category.name}: ${tokensText(category.tokens)}${unit} (${percentText(category.tokens, window)})`;
}

/** The rows shown: a used category with nothing in it is left out, as Claude Code does. */
function shownRows(usage: ContextUsage): ContextCategory[] {
  return usage.categories.filter((c) => c.kind !== "used" || c.tokens > 0);
}

function headline(usage: ContextUsage): string {
  return `${usage.model} · ${tokensText(usage.totalTokens)}/${tokensText(usage.windowTokens)} tokens (${usage.percentage}%)`;
}

function countedNote(usage: ContextUsage): string {
  return usage.counted === "api"
    ? "Total counted by the API; categories shared out by their size"
    : "Estimated usage (characters ÷ 4); categories shared out by their size";
}

/** The lists under the grid: each MCP tool and custom agent with its tokens (none when empty). */
function itemLines(usage: ContextUsage): string[] {
  const lines: string[] = [];
  if (usage.mcpTools.length > 0) {
    lines.push("", "MCP tools · /mcp");
    for (const t of usage.mcpTools)
      lines.push(`└ ${t.name} (${t.serverName}): ${tokensText(t.tokens)} tokens`);
  }
  if (usage.agents.length > 0) {
    lines.push("", "Custom agents");
    for (const a of usage.agents)
      lines.push(`└ ${a.agentType} (${a.source}): ${tokensText(a.tokens)} tokens`);
  }
  return lines;
}

/** The REPL's view: the grid, with the headline and the legend beside it. */
export function usageScreen(usage: ContextUsage): string {
  const grid = usageGrid(usage);
  const side = [
    "Context Usage",
    headline(usage),
    "",
    countedNote(usage),
    ...shownRows(usage).map((c) => legendLine(c, usage.windowTokens)),
  ];
  const width = grid[0]?.length ?? 0;
  const lines = Math.max(grid.length, side.length);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const left = (grid[i] ?? "").padEnd(width);
    out.push(`${left}   ${side[i] ?? ""}`.trimEnd());
  }
  return [...out, ...itemLines(usage)].join("\n");
}

/** The markdown tables of the MCP tools and custom agents (none when empty). */
function itemTables(usage: ContextUsage): string[] {
  const out: string[] = [];
  if (usage.mcpTools.length > 0) {
    out.push("", "### MCP Tools", "", "| Tool | Server | Tokens |", "|------|--------|--------|");
    for (const t of usage.mcpTools) out.push(`| ${t.name} | ${t.serverName} | ${t.tokens} |`);
  }
  if (usage.agents.length > 0) {
    out.push(
      "",
      "### Custom Agents",
      "",
      "| Agent Type | Source | Tokens |",
      "|------------|--------|--------|",
    );
    for (const a of usage.agents) out.push(`| ${a.agentType} | ${a.source} | ${a.tokens} |`);
  }
  return out;
}

/** `keel -p`'s answer: a markdown report with exact counts (Claude Code's shape). */
export function usageMarkdown(usage: ContextUsage): string {
  const rows = shownRows(usage).map(
    (c) => `| ${c.name} | ${c.tokens} | ${percentText(c.tokens, usage.windowTokens)} |`,
  );
  return [
    "## Context Usage",
    "",
    `**Model:** ${usage.model}  `,
    `**Tokens:** ${usage.totalTokens} / ${usage.windowTokens} (${usage.percentage}%)`,
    "",
    `### ${countedNote(usage)}`,
    "",
    "| Category | Tokens | Percentage |",
    "|----------|--------|------------|",
    ...rows,
    ...itemTables(usage),
  ].join("\n");
}
