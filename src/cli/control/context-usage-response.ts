import {
  type ContextCategory,
  type ContextUsage,
  largestRemainder,
} from "../../context/usage/context-usage.js";

/** A row's colour name (keel's; Claude Code's theme names differ). */
const COLORS: Record<ContextCategory["id"], string> = {
  system_prompt: "gray",
  system_tools: "cyan",
  mcp_tools: "blue",
  custom_agents: "magenta",
  memory_files: "yellow",
  skills: "green",
  messages: "red",
  free_space: "dim",
  autocompact_buffer: "dim",
};

/** One square of the grid, as the SDK's gridRows carry it. */
interface GridSquare {
  color: string;
  isFilled: boolean;
  categoryName: string;
  tokens: number;
  percentage: number;
  squareFullness: number;
}

/** Each row's number of squares: the used rows by their tokens, the buffer at the end, free between. */
function squareCounts(usage: ContextUsage, count: number): number[] {
  const perSquare = usage.windowTokens / count;
  const used = usage.categories.map((c) => (c.kind === "used" ? c.tokens : 0));
  const usedSquares = Math.min(count, Math.ceil(used.reduce((a, b) => a + b, 0) / perSquare));
  const counts = largestRemainder(usedSquares, used);
  const buffer = usage.categories.findIndex((c) => c.kind === "buffer");
  const bufferTokens = usage.categories[buffer]?.tokens ?? 0;
  if (buffer >= 0)
    counts[buffer] = Math.min(count - usedSquares, Math.ceil(bufferTokens / perSquare));
  const free = usage.categories.findIndex((c) => c.kind === "free");
  counts[free] = count - counts.reduce((a, b, i) => (i === free ? a : a + b), 0);
  return counts;
}

/** The grid as rows of squares: used rows first, free space, the buffer last (as /context draws it). */
function gridRows(usage: ContextUsage): GridSquare[][] {
  const columns = usage.windowTokens > 200_000 ? 20 : 10;
  const counts = squareCounts(usage, columns * 10);
  const squares: GridSquare[] = usage.categories.flatMap((category, i) =>
    Array.from({ length: counts[i] ?? 0 }, () => ({
      color: COLORS[category.id],
      isFilled: category.kind === "used",
      categoryName: category.name,
      tokens: category.tokens,
      percentage: Math.round((category.tokens / usage.windowTokens) * 1000) / 10,
      squareFullness: 1,
    })),
  );
  const rows: GridSquare[][] = [];
  for (let i = 0; i < squares.length; i += columns) rows.push(squares.slice(i, i + columns));
  return rows;
}

/** The answer to the SDK's get_context_usage (`query.getContextUsage()`), from keel's report. */
export function contextUsageResponse(usage: ContextUsage): Record<string, unknown> {
  return {
    categories: usage.categories.map(({ id, name, tokens, kind }) => ({
      id,
      name,
      tokens,
      color: COLORS[id],
      kind,
    })),
    totalTokens: usage.totalTokens,
    maxTokens: usage.windowTokens,
    rawMaxTokens: usage.windowTokens,
    percentage: usage.percentage,
    gridRows: gridRows(usage),
    model: usage.model,
    memoryFiles: [],
    mcpTools: usage.mcpTools,
    agents: usage.agents,
  };
}
