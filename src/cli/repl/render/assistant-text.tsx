import { Box, Text } from "ink";
import { useDisplaySettings } from "./display-settings.js";
import { markdownRenderer } from "./markdown-loader.js";
import { terminalSafe } from "./terminal-text.js";
import { useColumns } from "./use-columns.js";

/** Room the "⏺ " bullet takes before the text. */
const BULLET_COLUMNS = 2;

/** Finished assistant text: markdown rendered at the terminal's width (plain until it loads). */
export function AssistantText({ text }: { text: string }) {
  const { color } = useDisplaySettings();
  const columns = useColumns();
  const render = markdownRenderer();
  const shown = render
    ? render(text, { width: columns - BULLET_COLUMNS, color })
    : terminalSafe(text.trim());
  return (
    <Box flexDirection="row">
      <Text>⏺ </Text>
      <Box flexDirection="column" flexShrink={1}>
        <Text>{shown}</Text>
      </Box>
    </Box>
  );
}
