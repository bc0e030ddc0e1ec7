import { Box, Text, useInput } from "ink";
import type { InputBuffer, KeyInfo } from "./input-buffer.js";

/** Props of the prompt line. */
export interface PromptInputProps {
  buffer: InputBuffer;
  /** False while a dialog owns the keyboard. */
  active: boolean;
  onKey: (input: string, key: KeyInfo) => void;
}

/** One line of the prompt with the cursor drawn where it is. */
function PromptLine({
  line,
  cursor,
  first,
}: {
  line: string;
  cursor: number | undefined;
  first: boolean;
}) {
  const prefix = first ? "> " : "  ";
  if (cursor === undefined) return <Text>{prefix + line}</Text>;
  return (
    <Text>
      {prefix + line.slice(0, cursor)}
      <Text inverse>{line[cursor] ?? " "}</Text>
      {line.slice(cursor + 1)}
    </Text>
  );
}

/** The prompt: multi-line text with a cursor; keys go to `onKey` (the App edits the state). */
export function PromptInput({ buffer, active, onKey }: PromptInputProps) {
  useInput((input, key) => onKey(input, key), { isActive: active });
  const lines = buffer.text.split("\n");
  let offset = 0;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="gray" paddingX={1}>
      {lines.map((line, index) => {
        const start = offset;
        offset += line.length + 1;
        const inLine = buffer.cursor >= start && buffer.cursor <= start + line.length;
        return (
          <PromptLine
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity besides their place
            key={index}
            line={line}
            cursor={active && inLine ? buffer.cursor - start : undefined}
            first={index === 0}
          />
        );
      })}
    </Box>
  );
}
