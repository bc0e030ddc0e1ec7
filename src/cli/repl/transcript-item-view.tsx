import { Box, Text } from "ink";
import { AssistantText } from "./render/assistant-text.js";
import { useDisplaySettings } from "./render/display-settings.js";
import { terminalSafe } from "./render/terminal-text.js";
import { ToolView } from "./tool-view.js";
import type { ThinkingItem, TranscriptItem } from "./transcript-model.js";

/** "(1,234 chars)": how much the model thought, when known. */
function thinkingSize(item: ThinkingItem): string {
  if (item.redacted) return " (redacted)";
  if (item.text === undefined) return "";
  return ` (${item.text.length.toLocaleString("en-US")} chars)`;
}

/** A thinking block: one collapsed line; with --verbose its text follows, dimmed. */
export function ThinkingView({ item }: { item: ThinkingItem }) {
  const { verbose } = useDisplaySettings();
  const text = verbose && item.text ? terminalSafe(item.text.trim()) : "";
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text dimColor italic>
        ✻ Thinking…{thinkingSize(item)}
      </Text>
      {text !== "" ? (
        <Box marginLeft={2}>
          <Text dimColor italic>
            {text}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** A turn the person interrupted: the answer as far as it came, then what to do next. */
export function InterruptedView({ text }: { text: string }) {
  const shown = terminalSafe(text).replace(/\s+$/, "");
  // With no answer the line sits right under what was cut short (the prompt or the tool call).
  return (
    <Box flexDirection="column" marginTop={shown === "" ? 0 : 1}>
      {shown !== "" ? <Text>⏺ {shown}</Text> : null}
      <Text>
        {"  ⎿  "}
        <Text color="red">Interrupted</Text>
        <Text dimColor> · What should keel do instead?</Text>
      </Text>
    </Box>
  );
}

/** One finished entry of the conversation. */
export function TranscriptItemView({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case "user":
      return (
        <Box marginTop={1}>
          <Text dimColor>{"> "}</Text>
          <Text>{item.text}</Text>
        </Box>
      );
    case "assistant":
      return (
        <Box marginTop={1}>
          <AssistantText text={item.text} />
        </Box>
      );
    case "thinking":
      return <ThinkingView item={item} />;
    case "tool":
      return (
        <Box marginTop={1}>
          <ToolView tool={item} />
        </Box>
      );
    case "interrupted":
      return <InterruptedView text={item.text} />;
    case "notice":
      return (
        <Text {...(item.tone === "error" ? { color: "red" } : { dimColor: true })}>
          {item.text}
        </Text>
      );
  }
}
