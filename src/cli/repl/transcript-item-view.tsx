import { Box, Text } from "ink";
import { ToolView } from "./tool-view.js";
import type { TranscriptItem } from "./transcript-model.js";

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
          <Text>⏺ {item.text}</Text>
        </Box>
      );
    case "thinking":
      return (
        <Text dimColor italic>
          ✻ Thinking…
        </Text>
      );
    case "tool":
      return (
        <Box marginTop={1}>
          <ToolView tool={item} />
        </Box>
      );
    case "notice":
      return (
        <Text {...(item.tone === "error" ? { color: "red" } : { dimColor: true })}>
          {item.text}
        </Text>
      );
  }
}
