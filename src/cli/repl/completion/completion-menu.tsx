import { Box, Text } from "ink";
import type { CompletionMenu } from "./menu-keys.js";

/** The `@` suggestions under the prompt, the highlighted one marked. */
export function CompletionMenuView({ menu }: { menu: CompletionMenu }) {
  return (
    <Box flexDirection="column" paddingX={2}>
      {menu.suggestions.map((path, index) =>
        index === menu.selected ? (
          <Text key={path} color="cyan">
            {"❯ "}
            {path}
          </Text>
        ) : (
          <Text key={path} dimColor>
            {"  "}
            {path}
          </Text>
        ),
      )}
    </Box>
  );
}
