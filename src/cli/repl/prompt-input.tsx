import { Box, Text } from "ink";
import { useRef } from "react";
import type { CommandEntry } from "./completion/command-list.js";
import { CompletionMenuView } from "./completion/completion-menu.js";
import { type CompletionSources, openMenu } from "./completion/menu.js";
import { useCompletionSources } from "./completion/use-completion-sources.js";
import { searchLine } from "./history-search.js";
import type { InputBuffer } from "./input-buffer.js";
import type { KeyPress } from "./keys/key-press.js";
import { useTerminalKeys } from "./keys/use-terminal-keys.js";
import type { PromptState } from "./prompt-state.js";
import { useDisplaySettings } from "./render/display-settings.js";

/** Props of the prompt. */
export interface PromptInputProps {
  prompt: PromptState;
  /** False while a dialog owns the keyboard. */
  active: boolean;
  /** A key for the prompt, with what the menus offer now (the App applies promptKey). */
  onKey: (key: KeyPress, sources: CompletionSources) => void;
  /** Lists the commands the `/` menu offers; without it, the built-in ones. */
  commands?: () => Promise<CommandEntry[]>;
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

/** Ctrl+R's search in the box: what is searched for and the earlier prompt found. */
function SearchBox({ line }: { line: string }) {
  return (
    <Box borderStyle="round" borderColor="gray" paddingX={1}>
      <Text>{line}</Text>
    </Box>
  );
}

/**
 * The prompt: multi-line text with a cursor, Ctrl+R's search in its place while it runs, and
 * the `/` or `@` menu under it. Every key goes to `onKey`, one by one even when the terminal
 * sent several together.
 */
export function PromptInput({ prompt, active, onKey, commands }: PromptInputProps) {
  const { files } = useDisplaySettings();
  const sources = useCompletionSources(prompt.buffer, files, commands);
  // Keys can come before the render that loaded a listing: they read the newest one from here.
  const current = useRef(sources);
  current.current = sources;
  useTerminalKeys((key) => onKey(key, current.current), active);
  const menu = active && !prompt.search ? openMenu(prompt.buffer, prompt.menu, sources) : undefined;
  return (
    <Box flexDirection="column">
      {prompt.search ? (
        <SearchBox line={searchLine(prompt.search, prompt.walk.entries)} />
      ) : (
        <PromptBox buffer={prompt.buffer} active={active} />
      )}
      {menu ? <CompletionMenuView menu={menu} /> : null}
    </Box>
  );
}
