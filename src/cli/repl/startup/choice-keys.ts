import { useInput } from "ink";
import { useRef, useState } from "react";

/**
 * The keys of a start-up question with numbered choices: 1–9 pick, the arrows move and Enter
 * picks the highlighted one, Esc leaves (and Ctrl+C, when `ctrlCLeaves`). Returns the index
 * highlighted now.
 */
export function useChoiceKeys<T>(
  choices: readonly T[],
  onPick: (choice: T) => void,
  onLeave: () => void,
  ctrlCLeaves = false,
): number {
  const [selected, setSelected] = useState(0);
  // Keys can arrive before the next render: each one reads the latest selection.
  const latest = useRef(0);
  const select = (index: number) => {
    latest.current = index;
    setSelected(index);
  };
  const last = choices.length - 1;
  useInput((input, key) => {
    if (key.escape || (ctrlCLeaves && key.ctrl && input === "c")) return onLeave();
    if (key.return) {
      const choice = choices[latest.current];
      return choice === undefined ? onLeave() : onPick(choice);
    }
    if (key.upArrow) return select(Math.max(0, latest.current - 1));
    if (key.downArrow) return select(Math.min(last, latest.current + 1));
    const picked = /^[1-9]$/.test(input) ? choices[Number(input) - 1] : undefined;
    if (picked !== undefined) onPick(picked);
  });
  return selected;
}
