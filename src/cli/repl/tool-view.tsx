import { Box, Text } from "ink";
import type { DiffLine } from "./diff-lines.js";
import type { ToolItem } from "./transcript-model.js";

const DIFF_COLOURS: Readonly<Record<DiffLine["kind"], string | undefined>> = {
  added: "green",
  removed: "red",
  context: undefined,
  hunk: "cyan",
};

/** An Edit or Write change, coloured like a diff. */
export function DiffView({ lines }: { lines: readonly DiffLine[] }) {
  return (
    <Box flexDirection="column">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: diff lines repeat and have no other identity
        <Text key={index} {...(DIFF_COLOURS[line.kind] ? { color: DIFF_COLOURS[line.kind] } : {})}>
          {line.text}
        </Text>
      ))}
    </Box>
  );
}

/** A tool call: its one-line summary, then its result (a diff for Edit and Write). */
export function ToolView({ tool }: { tool: ToolItem }) {
  const result = tool.result;
  const bullet = result === undefined ? "yellow" : result.isError ? "red" : "green";
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={bullet}>⏺ </Text>
        <Text bold>{tool.summary}</Text>
        {result === undefined ? <Text dimColor> running…</Text> : null}
      </Text>
      {result ? (
        <Box flexDirection="column" marginLeft={2}>
          {result.diff ? (
            <DiffView lines={result.diff} />
          ) : (
            result.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: result lines have no other identity
              <Text key={index} {...(result.isError ? { color: "red" } : { dimColor: true })}>
                {index === 0 ? "⎿ " : "  "}
                {line}
              </Text>
            ))
          )}
        </Box>
      ) : null}
    </Box>
  );
}
