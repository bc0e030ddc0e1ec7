import { Box, Text } from "ink";
import type { ReplState } from "../repl-store.js";
import { HookStatusLine, Spinner } from "../spinner.js";
import { ToolView } from "../tool-view.js";
import { TailBox } from "./live-region.js";
import { useTerminalRows } from "./use-terminal-rows.js";

/** The last `count` lines of `text` (each takes a row at least, so they fill `count` rows). */
export function lastRows(text: string, count: number): string {
  const lines = text.split("\n");
  return lines.length <= count ? text : lines.slice(-count).join("\n");
}

/**
 * The live area: the text streaming in, running tools, the spinner and queued prompts. It
 * gives up its first rows when the screen is short of room (TailBox), so it shows the end of
 * a long answer while it streams; the whole answer is printed once its block ends.
 */
export function LiveArea({ state, now }: { state: ReplState; now: () => number }) {
  const { view } = state;
  const rows = useTerminalRows();
  return (
    <TailBox>
      {view.streaming !== "" ? (
        <Box marginTop={1}>
          <Text>⏺ {lastRows(view.streaming, rows)}</Text>
        </Box>
      ) : null}
      {view.running.map((tool) => (
        <Box key={tool.id} marginTop={1}>
          <ToolView tool={tool} />
        </Box>
      ))}
      {state.hookStatuses.map((status) => (
        <Box key={status.id} marginTop={1}>
          <HookStatusLine text={status.text} />
        </Box>
      ))}
      {state.busy && state.turnStartedAt !== undefined && state.questions.length === 0 ? (
        <Box marginTop={1}>
          <Spinner startedAt={state.turnStartedAt} now={now} tokens={view.turnTokens} />
        </Box>
      ) : null}
      {state.queued.map((q) => (
        <Text key={q.id} dimColor>
          ⏎ queued: {q.text}
        </Text>
      ))}
    </TailBox>
  );
}
