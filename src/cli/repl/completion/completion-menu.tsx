import { Box, Text } from "ink";
import type { CompletionMenu, Suggestion } from "./menu-keys.js";

/** How many suggestions show at once; ↑/↓ scroll through the rest. */
export const MENU_ROWS = 8;

/** The rows to show: a window of MENU_ROWS that keeps the highlighted one in view. */
export function menuWindow(count: number, selected: number): { from: number; to: number } {
  const from = Math.max(0, Math.min(selected - MENU_ROWS + 1, count - MENU_ROWS));
  return { from, to: Math.min(count, from + MENU_ROWS) };
}

function label(menu: CompletionMenu, suggestion: Suggestion): string {
  if (menu.kind === "file") return suggestion.value;
  const name = `/${suggestion.value}`;
  return suggestion.detail ? `${name.padEnd(16)} ${suggestion.detail}` : name;
}

/** The suggestions under the prompt (`@` paths or `/` commands), the highlighted one marked. */
export function CompletionMenuView({ menu }: { menu: CompletionMenu }) {
  const { from, to } = menuWindow(menu.suggestions.length, menu.selected);
  return (
    <Box flexDirection="column" paddingX={2}>
      {menu.suggestions.slice(from, to).map((suggestion, offset) => {
        const index = from + offset;
        const text = label(menu, suggestion);
        return index === menu.selected ? (
          <Text key={suggestion.value} color="cyan" wrap="truncate-end">
            {`❯ ${text}`}
          </Text>
        ) : (
          <Text key={suggestion.value} dimColor wrap="truncate-end">
            {`  ${text}`}
          </Text>
        );
      })}
    </Box>
  );
}
