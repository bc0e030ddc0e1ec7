import { Box, Text, useInput } from "ink";
import { useRef, useState } from "react";
import type { PermissionAnswer, PermissionQuestion } from "./interactive-permissions.js";
import { choiceAnswer, type PermissionChoice, permissionChoices } from "./permission-choices.js";

/** Props of the permission dialog. */
export interface PermissionDialogProps {
  question: PermissionQuestion;
  onAnswer: (answer: PermissionAnswer) => void;
}

function ChoiceLine({
  choice,
  index,
  selected,
  feedback,
}: {
  choice: PermissionChoice;
  index: number;
  selected: boolean;
  feedback: string;
}) {
  const typing = selected && choice.kind === "deny";
  return (
    <Text {...(selected ? { color: "cyan" } : {})}>
      {selected ? "❯ " : "  "}
      {index + 1}. {choice.label}
      {typing && feedback !== "" ? <Text color="white">: {feedback}</Text> : null}
    </Text>
  );
}

/**
 * Asks whether a tool call may run: allow once, always allow (with the narrow rule shown), or
 * deny — with feedback typed on the deny line, or none (Enter or Esc), which ends the turn.
 */
export function PermissionDialog({ question, onAnswer }: PermissionDialogProps) {
  const choices = permissionChoices(question);
  const [shown, setShown] = useState({ selected: 0, feedback: "" });
  // Keys can arrive before the next render: each one reads the latest state, not the rendered one.
  const latest = useRef(shown);
  const set = (change: Partial<typeof shown>) => {
    latest.current = { ...latest.current, ...change };
    setShown(latest.current);
  };
  const denyIndex = choices.length - 1;
  useInput((input, key) => {
    const { selected, feedback } = latest.current;
    if (key.escape) return onAnswer({ kind: "deny", feedback: "" });
    const current = choices[selected];
    if (key.return && current) return onAnswer(choiceAnswer(current, feedback));
    if (key.upArrow) return set({ selected: Math.max(0, selected - 1) });
    if (key.downArrow) return set({ selected: Math.min(denyIndex, selected + 1) });
    if (selected === denyIndex) {
      if (key.backspace || key.delete) return set({ feedback: feedback.slice(0, -1) });
      if (!key.ctrl && !key.meta && input !== "") set({ feedback: feedback + input });
      return;
    }
    const picked = /^[1-9]$/.test(input) ? choices[Number(input) - 1] : undefined;
    if (!picked) return;
    if (picked.kind === "deny") set({ selected: denyIndex });
    else onAnswer(choiceAnswer(picked, ""));
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text bold>Allow {question.summary}?</Text>
      <Text dimColor>{question.message}</Text>
      {choices.map((choice, index) => (
        <ChoiceLine
          key={choice.kind}
          choice={choice}
          index={index}
          selected={index === shown.selected}
          feedback={shown.feedback}
        />
      ))}
    </Box>
  );
}
