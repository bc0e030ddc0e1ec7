import type { MemoryComparison } from "./read-memory.js";
import type { Comparison } from "./stats.js";

/** One timed figure: what was timed, against what, and the target ratio if there is one. */
export interface TimedRow {
  label: string;
  baseline: string;
  comparison: Comparison;
  targetRatio?: number;
}

/** One memory figure: the reading child against the child that only starts. */
export interface MemoryRow {
  label: string;
  memory: MemoryComparison;
  /** Growth above this would mean the read holds much of the file in memory. */
  maxGrowthMB: number;
}

function verdict(ratio: number, target: number | undefined): string {
  if (target === undefined) return "—";
  return `≤ ${target}× ${ratio <= target ? "met" : "MISSED"}`;
}

/** A markdown table with padded columns (the layout biome's markdown formatter keeps). */
export function markdownTable(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** The results as a markdown table (printed, and written to bench/results.md). */
export function resultsTable(timed: readonly TimedRow[], memory: readonly MemoryRow[]): string {
  const rows = timed.map((row) => {
    const { subjectMs, baselineMs, ratio } = row.comparison;
    const baseline = `${baselineMs} ms (${row.baseline})`;
    return [row.label, `${subjectMs} ms`, baseline, `${ratio}×`, verdict(ratio, row.targetRatio)];
  });
  for (const row of memory) {
    const { readPeakMB, baselinePeakMB, growthMB, baselineGrowthMB } = row.memory;
    const met = growthMB <= row.maxGrowthMB ? "met" : "MISSED";
    rows.push([
      row.label,
      `${readPeakMB} MB peak RSS, +${growthMB} MB over the RSS before the read`,
      `${baselinePeakMB} MB peak, +${baselineGrowthMB} MB (child that only starts)`,
      `+${growthMB} MB`,
      `≤ +${row.maxGrowthMB} MB ${met}`,
    ]);
  }
  const header = ["Figure", "keel", "Baseline (same run)", "Ratio / growth", "Target"];
  return markdownTable(header, rows);
}
