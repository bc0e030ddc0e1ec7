import { Text } from "ink";
import type { PermissionMode } from "../../tools/context.js";
import { modeLabel } from "./mode-cycle.js";

const MODE_COLOURS: Readonly<Partial<Record<PermissionMode, string>>> = {
  acceptEdits: "magenta",
  plan: "cyan",
  bypassPermissions: "red",
  dontAsk: "yellow",
};

/** The permission mode under the prompt, with the key that changes it; nothing in default. */
export function ModeLine({ mode }: { mode: PermissionMode }) {
  const label = modeLabel(mode);
  if (label === undefined) return null;
  const colour = MODE_COLOURS[mode];
  return (
    <Text>
      <Text {...(colour ? { color: colour } : {})}>{label}</Text>
      <Text dimColor> (shift+tab to cycle)</Text>
    </Text>
  );
}
