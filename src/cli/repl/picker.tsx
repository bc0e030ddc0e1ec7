import { Box, Text, useInput } from "ink";
import { useRef, useState } from "react";
import type { PickerSpec } from "./commands/overlay.js";

/** Lines a picker shows at once; longer lists scroll with the selection. */
const VISIBLE = 10;

/** The first option shown so the selected one is in the window. */
export function windowStart(selected: number, count: number, visible = VISIBLE): number {
  if (count <= visible) return 0;
  return Math.min(Math.max(0, selected - Math.floor(visible / 2)), count - visible);
}

/** A list to pick from: ↑/↓ move, Enter chooses, Esc cancels. */
export function Picker({ spec }: { spec: PickerSpec }) {
  const first = Math.max(0, Math.min(spec.selected ?? 0, spec.options.length - 1));
  const [selected, setSelectedState] = useState(first);
  // Keys can arrive before a re-render: each one reads the latest selection, not the rendered one.
  const latest = useRef(first);
  const setSelected = (index: number) => {
    latest.current = index;
    setSelectedState(index);
  };
  const count = spec.options.length;
  useInput((_input, key) => {
    if (key.upArrow) setSelected((latest.current + count - 1) % count);
    else if (key.downArrow) setSelected((latest.current + 1) % count);
    else if (key.return) spec.choose(latest.current);
    else if (key.escape) spec.cancel();
  });
  const start = windowStart(selected, count);
  const shown = spec.options.slice(start, start + VISIBLE);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold>{spec.title}</Text>
      {shown.map((option, offset) => {
        const index = start + offset;
        const on = index === selected;
        return (
          <Text key={`${index}:${option.label}`} color={on ? "cyan" : undefined}>
            {on ? "❯ " : "  "}
            {option.label}
            {option.detail ? <Text dimColor> {option.detail}</Text> : null}
          </Text>
        );
      })}
      <Text dimColor>↑/↓ to move · Enter to choose · Esc to cancel</Text>
    </Box>
  );
}
