import { Text } from "ink";
import { useSyncExternalStore } from "react";
import type { PermissionMode } from "../../tools/context.js";
import { modeLabel } from "./mode-cycle.js";
import type { StatusLineView } from "./status-line/start-status-line.js";

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

/** The `statusLine` command's first line of output, cut at the terminal's edge. */
export function CommandStatusLine({ view }: { view: StatusLineView }) {
  const text = useSyncExternalStore(view.feed.subscribe, view.feed.get);
  return (
    <Text wrap="truncate-end">
      {" ".repeat(view.padding)}
      {text}
    </Text>
  );
}
