import { Box, type DOMElement } from "ink";
import { type ReactNode, useRef } from "react";
import { useTerminalRows } from "./use-terminal-rows.js";

/**
 * Everything Ink redraws (all but the finished transcript), kept shorter than the terminal:
 * at most its height less one row, the row Ink leaves the cursor on. A frame as tall as the
 * terminal cannot be erased (its top has scrolled away) and Ink 6 would draw it by clearing
 * the scrollback. Children that may give up rows set `flexShrink={1}` (the live area, which
 * then shows its last rows); the others keep their height with `flexShrink={0}`.
 */
export function LiveRegion({ children }: { children: ReactNode }) {
  const rows = useTerminalRows();
  const node = useRef<DOMElement>(null);
  // Ink 6's Box has no maxHeight: Yoga's is set on the node, before Ink lays this render out.
  node.current?.yogaNode?.setMaxHeight(Math.max(1, rows - 1));
  return (
    <Box
      ref={(element) => {
        node.current = element;
        element?.yogaNode?.setMaxHeight(Math.max(1, rows - 1));
      }}
      flexDirection="column"
      overflow="hidden"
    >
      {children}
    </Box>
  );
}

/**
 * Content that gives up its first rows when the live region is short of room: it shows its
 * last rows (the end of the text streaming in, the spinner), clipped at its top.
 */
export function TailBox({ children }: { children: ReactNode }) {
  return (
    <Box flexDirection="column" flexShrink={1} overflow="hidden" justifyContent="flex-end">
      <Box flexDirection="column" flexShrink={0}>
        {children}
      </Box>
    </Box>
  );
}
