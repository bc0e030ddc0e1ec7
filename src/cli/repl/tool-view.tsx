import { Box, Text } from "ink";
import type { DiffLine } from "./diff-lines.js";
import { toolErrorText } from "./error-text.js";
import { agentTerminalColour } from "./render/agent-color.js";
import { type AgentProgressView, agentProgressLine } from "./render/agent-progress.js";
import type { ToolProgressView } from "./render/bash-progress.js";
import type { ToolItem, ToolResultView } from "./transcript-model.js";
import { useWholeOutput } from "./whole-output.js";

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

/** A running call's live output: its last lines, cut at the terminal's edge. */
export function ProgressTail({ progress }: { progress: ToolProgressView }) {
  return (
    <Box flexDirection="column" marginLeft={2}>
      {progress.lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: output lines repeat and have no other identity
        <Text key={index} dimColor wrap="truncate-end">
          {index === 0 ? "⎿ " : "  "}
          {line}
        </Text>
      ))}
    </Box>
  );
}

/**
 * A running Agent call's subagent: tool uses, tokens and time, then its latest tool call, or
 * every one while Ctrl+O has output shown whole.
 */
export function AgentProgress({ agent }: { agent: AgentProgressView }) {
  const whole = useWholeOutput();
  const calls = whole ? agent.toolCalls : agent.toolCalls.slice(-1);
  const hidden = agent.toolCalls.length - calls.length;
  return (
    <Box flexDirection="column" marginLeft={2}>
      <AgentLine agent={agent} />
      {calls.map((call, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a subagent may make the same call twice
        <Text key={index} dimColor wrap="truncate-end">
          {"  ⎿ "}
          {call}
          {index === calls.length - 1 && hidden > 0 ? ` (+${hidden} more, ctrl+o to expand)` : ""}
        </Text>
      ))}
    </Box>
  );
}

/** The subagent's summary line, in its agent's colour when its definition gives one. */
function AgentLine({ agent }: { agent: AgentProgressView }) {
  const colour = agentTerminalColour(agent.color);
  const line = `⎿ ${agentProgressLine(agent)}`;
  return colour ? <Text color={colour}>{line}</Text> : <Text dimColor>{line}</Text>;
}

/** "running… 12s": how long a call has run, by its own progress reports. */
function runningLabel(progress: ToolProgressView | undefined): string {
  if (!progress) return " running…";
  return ` running… ${Math.floor(progress.elapsedMs / 1000)}s`;
}

/** A result's lines: its first ones, or all of them while Ctrl+O has output shown whole. */
function ResultLines({ result }: { result: ToolResultView }) {
  const lines = useWholeOutput() && result.whole ? result.whole : result.lines;
  const hint = result.whole && lines !== result.whole ? " (ctrl+o to expand)" : "";
  return lines.map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: result lines have no other identity
    <Text key={index} {...(result.isError ? { color: "red" } : { dimColor: true })}>
      {index === 0 ? "⎿ " : "  "}
      {result.isError ? toolErrorText(line) : line}
      {index === lines.length - 1 ? hint : ""}
    </Text>
  ));
}

/**
 * A tool call: its one-line summary; while it runs, the tail of its output (Bash); then its
 * result (a diff for Edit and Write).
 */
export function ToolView({ tool }: { tool: ToolItem }) {
  const result = tool.result;
  const bullet = result === undefined ? "yellow" : result.isError ? "red" : "green";
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={bullet}>⏺ </Text>
        <Text bold>{tool.summary}</Text>
        {result === undefined ? <Text dimColor>{runningLabel(tool.progress)}</Text> : null}
      </Text>
      {result === undefined && tool.progress ? <ProgressTail progress={tool.progress} /> : null}
      {result === undefined && tool.agent ? <AgentProgress agent={tool.agent} /> : null}
      {result ? (
        <Box flexDirection="column" marginLeft={2}>
          {result.diff ? <DiffView lines={result.diff} /> : <ResultLines result={result} />}
        </Box>
      ) : null}
    </Box>
  );
}
