import { Box, Text } from "ink";
import { useEffect, useRef, useState } from "react";
import { type DialogOutcome, type DialogState, dialogKey, singleKeys } from "./dialog-keys.js";
import { type DialogLayout, dialogLayout } from "./dialog-layout.js";
import type { PermissionAnswer, PermissionQuestion } from "./interactive-permissions.js";
import type { KeyPress } from "./keys/key-press.js";
import { useTerminalKeys } from "./keys/use-terminal-keys.js";
import { type PermissionChoice, permissionChoices } from "./permission-choices.js";
import { useDisplaySettings } from "./render/display-settings.js";
import { useColumns } from "./render/use-columns.js";

/** Keys read this soon after the dialog's first draw were meant for the prompt: they never answer. */
export const DIALOG_KEY_GUARD_MS = 300;

/** Props of the permission dialog. */
export interface PermissionDialogProps {
  question: PermissionQuestion;
  onAnswer: (answer: PermissionAnswer) => void;
  /** Keys that are not the dialog's go to the prompt below it (text typed while it is open). */
  onPromptKey?: (key: KeyPress) => void;
  /** Ctrl+G on a plan's approval: opens the plan file in the editor. */
  onEdit?: () => void;
  /** The clock the key guard reads. */
  now: () => number;
  /** Rows the whole dialog may take: the rest of the live region must still fit the terminal. */
  room: number;
}

/**
 * True once keys may answer: a turn of the event loop after the first draw (keys read with it
 * came first) and the guard time later, by the injected clock.
 */
function useReady(now: () => number, guardMs: number): () => boolean {
  const shownAt = useRef<number | undefined>(undefined);
  if (shownAt.current === undefined) shownAt.current = now();
  const settled = useRef(false);
  useEffect(() => {
    const timer = setImmediate(() => {
      settled.current = true;
    });
    return () => clearImmediate(timer);
  }, []);
  return () => settled.current && now() - (shownAt.current ?? 0) >= guardMs;
}

function Rows({ layout }: { layout: DialogLayout }) {
  return (
    <>
      {layout.preview.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows repeat and have no other identity
        <Text key={index} wrap="truncate-end">
          <Text dimColor>{row.gutter}</Text>
          <Text {...(row.colour ? { color: row.colour } : {})}>{row.text}</Text>
        </Text>
      ))}
      {layout.scrollHint ? <Text dimColor>{layout.scrollHint}</Text> : null}
    </>
  );
}

function Lines({ rows, dim }: { rows: readonly string[]; dim?: boolean }) {
  return rows.map((row, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: rows repeat and have no other identity
    <Text key={index} wrap="truncate-end" {...(dim ? { dimColor: true } : {})}>
      {row}
    </Text>
  ));
}

/** What the dialog's keys act on. */
interface DialogKeyInputs {
  choices: readonly PermissionChoice[];
  /** The layout drawn last (its scroll bounds). */
  drawn: () => DialogLayout;
  ready: () => boolean;
  onState: (state: DialogState) => void;
  onAnswer: (answer: PermissionAnswer) => void;
  onPromptKey: ((key: KeyPress) => void) | undefined;
  onEdit: (() => void) | undefined;
}

/**
 * Reads the dialog's keys one by one (the terminal may send several in one read), each on the
 * newest state; once one answers, the text after it in the same read goes to the prompt.
 */
function useDialogKeys(inputs: DialogKeyInputs, first: DialogState): void {
  // Keys can arrive before the next render: each one reads the latest state, not the rendered one.
  const latest = useRef(first);
  const answered = useRef(false);
  const apply = (outcome: DialogOutcome) => {
    if (outcome.kind === "state") {
      latest.current = outcome.state;
      inputs.onState(outcome.state);
    } else if (outcome.kind === "answer") {
      answered.current = true;
      inputs.onAnswer(outcome.answer);
    } else if (outcome.kind === "prompt") inputs.onPromptKey?.(outcome.key);
    else if (outcome.kind === "edit") inputs.onEdit?.();
  };
  useTerminalKeys((key) => {
    const keys = singleKeys(key);
    for (const [index, one] of keys.entries()) {
      if (answered.current) {
        for (const rest of keys.slice(index)) if (rest.kind === "text") inputs.onPromptKey?.(rest);
        return;
      }
      const { scroll } = inputs.drawn();
      const frame = {
        choices: inputs.choices,
        ready: inputs.ready(),
        editable: inputs.onEdit !== undefined,
        ...(scroll ? { scroll } : {}),
      };
      apply(dialogKey(latest.current, frame, one));
    }
  }, true);
}

function ChoiceRowsView({ layout }: { layout: DialogLayout }) {
  return layout.choices.map((choice, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: choices stay in their places
    <Box key={index} flexDirection="column">
      {choice.rows.map((row, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a choice's rows have no other identity
        <Text key={at} wrap="truncate-end" {...(choice.selected ? { color: "cyan" } : {})}>
          {row}
        </Text>
      ))}
    </Box>
  ));
}

const FIRST_STATE: DialogState = { selected: 0, feedback: "", offset: 0 };

/**
 * Asks whether a tool call may run, showing what it would do (the whole command, the new
 * file, the numbered diff; scrolled when taller than its room): yes; all edits for the session
 * or "don't ask again" for the project or the session; no, with what to do instead typed on
 * its line (Enter or Esc without it ends the turn). Keys read with its first draw or within
 * the guard time after it never answer it; text typed goes to the prompt.
 */
export function PermissionDialog(props: PermissionDialogProps) {
  const { question, now, room } = props;
  const guardMs = useDisplaySettings().dialogKeyGuardMs ?? DIALOG_KEY_GUARD_MS;
  const ready = useReady(now, guardMs);
  const columns = useColumns();
  const choices = permissionChoices(question);
  const [shown, setShown] = useState(FIRST_STATE);
  const layout = dialogLayout(question, choices, shown, { columns, room });
  const drawn = useRef(layout);
  drawn.current = layout;
  useDialogKeys(
    {
      choices,
      drawn: () => drawn.current,
      ready,
      onState: setShown,
      onAnswer: props.onAnswer,
      onPromptKey: props.onPromptKey,
      onEdit: question.planFile !== undefined ? props.onEdit : undefined,
    },
    FIRST_STATE,
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text bold wrap="truncate-end">
        {layout.title}
      </Text>
      {layout.path !== undefined ? <Text wrap="truncate-end">{layout.path}</Text> : null}
      <Rows layout={layout} />
      <Lines rows={layout.notes.description} dim />
      <Lines rows={layout.notes.message} dim />
      <Text wrap="truncate-end">{layout.notes.question}</Text>
      <ChoiceRowsView layout={layout} />
    </Box>
  );
}
