import { Box, Text, useInput } from "ink";
import { useRef } from "react";
import { CompletionMenuView } from "./completion/completion-menu.js";
import { menuKey } from "./completion/menu-keys.js";
import { type FileCompletion, useFileCompletion } from "./completion/use-file-completion.js";
import type { InputBuffer, KeyInfo } from "./input-buffer.js";
import { useDisplaySettings } from "./render/display-settings.js";

/** Props of the prompt line. */
export interface PromptInputProps {
  buffer: InputBuffer;
  /** False while a dialog owns the keyboard. */
  active: boolean;
  onKey: (input: string, key: KeyInfo) => void;
  /** Replaces the prompt's text (an `@path` completion); without it there is no completion. */
  onBuffer?: (buffer: InputBuffer) => void;
}

/** Gives a key to the open `@` menu; false when the menu does not take it. */
function menuTakes(
  completion: FileCompletion,
  buffer: InputBuffer,
  key: KeyInfo,
  onBuffer: (buffer: InputBuffer) => void,
): boolean {
  if (!completion.menu) return false;
  const outcome = menuKey(completion.menu, buffer, key);
  switch (outcome.kind) {
    case "pass":
      return false;
    case "move":
      completion.select(outcome.selected);
      return true;
    case "pick":
      onBuffer(outcome.buffer);
      return true;
    case "dismiss":
      completion.dismiss();
      return true;
  }
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

/**
 * The prompt: multi-line text with a cursor; keys go to `onKey` (the App edits the state),
 * except those the `@path` suggestion menu takes while it is open.
 */
export function PromptInput({ buffer, active, onKey, onBuffer }: PromptInputProps) {
  const { files } = useDisplaySettings();
  const completion = useFileCompletion(buffer, onBuffer ? files : undefined);
  // The key handler Ink calls may be from an earlier render (its effects can lag a render that
  // only loaded the file list): it reads what is on screen now from here.
  const shown = useRef({ completion, buffer });
  shown.current = { completion, buffer };
  useInput(
    (input, key) => {
      const now = shown.current;
      if (onBuffer && menuTakes(now.completion, now.buffer, key, onBuffer)) return;
      onKey(input, key);
    },
    { isActive: active },
  );
  return (
    <Box flexDirection="column">
      <PromptBox buffer={buffer} active={active} />
      {active && completion.menu ? <CompletionMenuView menu={completion.menu} /> : null}
    </Box>
  );
}

/** The bordered box holding the prompt's lines. */
function PromptBox({ buffer, active }: { buffer: InputBuffer; active: boolean }) {
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
