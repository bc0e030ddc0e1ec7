import { toLf } from "../file-io/line-endings.js";
import { bigramsOf, lineSimilarity } from "./similarity.js";

/** The run of file lines most like old_string. */
export interface NearMatch {
  /** 1-based number of the first line. */
  startLine: number;
  lines: string[];
  /** Mean line similarity, 0 to 1. */
  score: number;
}

/** Below this mean similarity a run is not worth showing. */
const MIN_SCORE = 0.5;
/** Line comparisons allowed for one search (keeps a huge file from stalling the tool). */
const MAX_COMPARISONS = 4_000_000;

function splitLines(text: string): string[] {
  const lines = toLf(text).split("\n");
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}

/** Which lines of old_string to score (all, or an even sample when the file is huge). */
function sampledIndexes(count: number, fileLines: number): number[] {
  const budget = Math.max(1, Math.floor(MAX_COMPARISONS / Math.max(1, fileLines)));
  const step = Math.max(1, Math.ceil(count / budget));
  const indexes: number[] = [];
  for (let i = 0; i < count; i += step) indexes.push(i);
  return indexes;
}

/** Finds the run of lines in `content` most like `needle`, if any is alike enough. */
export function findNearMatch(content: string, needle: string): NearMatch | undefined {
  const fileLines = splitLines(content);
  const needleLines = splitLines(needle);
  const size = Math.min(needleLines.length, fileLines.length);
  if (size === 0) return undefined;
  const filePairs = fileLines.map(bigramsOf);
  const needlePairs = needleLines.map(bigramsOf);
  const sample = sampledIndexes(size, fileLines.length);
  let best: NearMatch | undefined;
  for (let start = 0; start + size <= fileLines.length; start++) {
    let total = 0;
    for (const j of sample) {
      const k = start + j;
      total += lineSimilarity(
        needleLines[j] as string,
        fileLines[k] as string,
        needlePairs[j] as Int32Array,
        filePairs[k] as Int32Array,
      );
    }
    const score = total / sample.length;
    if (!best || score > best.score) {
      best = { startLine: start + 1, lines: fileLines.slice(start, start + size), score };
    }
  }
  return best && best.score >= MIN_SCORE ? best : undefined;
}

/** Lines of a near match shown at most (the rest are summarised). */
const MAX_SHOWN_LINES = 60;

/** The near match as the model sees it: numbered lines like Read shows them. */
export function describeNearMatch(content: string, needle: string): string {
  const near = findNearMatch(content, needle);
  if (!near)
    return "No similar text was found in the file. Read the file again to see its current content.";
  const last = near.startLine + near.lines.length - 1;
  const where = last === near.startLine ? `line ${last}` : `lines ${near.startLine}-${last}`;
  const shown = near.lines
    .slice(0, MAX_SHOWN_LINES)
    .map((line, i) => `${near.startLine + i}\t${line}`);
  const more = near.lines.length - shown.length;
  if (more > 0) shown.push(`… (${more} more lines)`);
  return [
    `The most similar text in the file is at ${where} (check whitespace, indentation, quotes and line breaks):`,
    ...shown,
  ].join("\n");
}
