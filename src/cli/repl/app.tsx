import { Box, Static, Text, useInput } from "ink";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { openMenu } from "./completion/menu.js";
import { dialogRoom } from "./dialog-room.js";
import { ctrlCMeaning, ctrlCPresses, DOUBLE_PRESS_MS, isCtrlCKey } from "./exit-keys.js";
import { isModeKey } from "./mode-cycle.js";
import { PermissionDialog } from "./permission-dialog.js";
import { Picker } from "./picker.js";
import { PromptInput } from "./prompt-input.js";
import { clearPrompt, promptWithText } from "./prompt-state.js";
import { LiveArea } from "./render/live-area.js";
import { LiveRegion } from "./render/live-region.js";
import { terminalSafe } from "./render/terminal-text.js";
import { useColumns } from "./render/use-columns.js";
import { useTerminalRows } from "./render/use-terminal-rows.js";
import type { ReplController } from "./repl-controller.js";
import type { StatusLineView } from "./status-line/start-status-line.js";
import { CommandStatusLine, ModeLine } from "./status-line.js";
import { TranscriptItemView } from "./transcript-item-view.js";
import { usePrompt } from "./use-prompt.js";
import { WholeOutputContext } from "./whole-output.js";

/** Props of the REPL screen. */
export interface AppProps {
  controller: ReplController;
  /** Earlier prompts of this project, oldest first. */
  history: readonly string[];
  now: () => number;
  /** The settings' `statusLine`, shown in place of the model line when there is one. */
  statusLine?: StatusLineView;
}

/** Ctrl+C: first press clears the prompt or interrupts, a second one within 2 s exits. */
function useCtrlC(onFirst: () => void, onExit: () => void, now: () => number) {
  const [hint, setHint] = useState(false);
  const pressedAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => {
      pressedAt.current = undefined;
      setHint(false);
    }, DOUBLE_PRESS_MS);
    return () => clearTimeout(timer);
  }, [hint]);
  const press = () => {
    const meaning = ctrlCMeaning(pressedAt.current, now());
    if (meaning.kind === "exit") return onExit();
    pressedAt.current = meaning.at;
    setHint(true);
    onFirst();
  };
  return { press, hint };
}

/** The REPL screen: the transcript, the live area, then the dialog or the prompt. */
export function App({ controller, history, now, statusLine }: AppProps) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.get);
  const typing = usePrompt(controller, history);
  const question = state.questions[0];
  const overlay = useSyncExternalStore(controller.overlay.subscribe, controller.overlay.get);
  const picker = question ? undefined : overlay.picker;
  const draft = overlay.draft;
  // A rewound prompt goes back into the input box, once per draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the draft's id on purpose
  useEffect(() => {
    if (draft) typing.set(promptWithText(typing.latest(), draft.text));
  }, [draft?.id]);
  const ctrlC = useCtrlC(
    () => {
      typing.set(clearPrompt(typing.latest()));
      controller.interrupt();
    },
    () => void controller.exit(0),
    now,
  );
  const promptListens = !question && !picker;
  // The prompt reads Ctrl+C among its keys, in order with what was typed around it.
  useInput((input, key) => {
    if (promptListens) return;
    const presses = ctrlCPresses(input, key);
    for (let i = 0; i < presses; i++) ctrlC.press();
  });
  const size = { rows: useTerminalRows(), columns: useColumns() };
  // The status line, and the mode line above it outside default mode.
  const statusRows = state.mode === "default" ? 1 : 2;
  return (
    <LiveRegion>
      <WholeOutputContext.Provider value={typing.wholeOutput}>
        <Static key={state.generation} items={[...state.view.done]}>
          {(item) => <TranscriptItemView key={item.id} item={item} />}
        </Static>
        <LiveArea state={state} now={now} />
      </WholeOutputContext.Provider>
      {/* The dialog, the prompt and the status line keep their rows; the live area gives way. */}
      <Box flexDirection="column" flexShrink={0}>
        {question ? (
          <PermissionDialog
            key={question.id}
            question={question.question}
            onAnswer={(answer) => controller.answer(answer)}
            onEdit={() => void controller.editPlan()}
            // Text typed while the dialog is up goes to the prompt, and shows there.
            onPromptKey={(key) => typing.onKey(key, { commands: [] })}
            now={now}
            room={dialogRoom(size, typing.prompt.buffer.text, statusRows)}
          />
        ) : null}
        {picker ? <Picker key={picker.id} spec={picker} /> : null}
        <PromptInput
          prompt={typing.prompt}
          active={promptListens}
          onKey={(key, sources) => {
            if (isCtrlCKey(key)) return ctrlC.press();
            // Shift+Tab cycles the permission mode, unless the `/` or `@` menu takes it (up).
            const { buffer, menu } = typing.latest();
            if (isModeKey(key) && !openMenu(buffer, menu, sources)) return controller.cycleMode();
            typing.onKey(key, sources);
          }}
          commands={typing.commands}
        />
        {state.teammates.map((line) => (
          <Text key={line.split(" · ")[0]} dimColor wrap="truncate-end">
            {terminalSafe(line)}
          </Text>
        ))}
        <ModeLine mode={state.mode} />
        {statusLine && !ctrlC.hint ? (
          <CommandStatusLine view={statusLine} />
        ) : (
          <Text dimColor>
            {ctrlC.hint ? "Press Ctrl+C again to exit" : `${state.model} · /help for commands`}
          </Text>
        )}
      </Box>
    </LiveRegion>
  );
}
