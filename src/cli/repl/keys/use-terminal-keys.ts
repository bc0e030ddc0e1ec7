import { useStdin } from "ink";
import { useEffect, useRef } from "react";
import type { KeyPress } from "./key-press.js";
import { createKeyReader } from "./key-reader.js";

/**
 * Calls `onKey` for every key press and paste while `active`. Ink's own useInput hands over a
 * run of characters read together as one input ("abc\r", "\x7f\x7f") and reports Backspace and
 * Delete alike, so the prompt reads Ink's raw input events (each a run of plain characters or
 * one escape sequence) and splits them itself (decode-keys.ts).
 */
export function useTerminalKeys(onKey: (key: KeyPress) => void, active: boolean): void {
  const { internal_eventEmitter: events, setRawMode } = useStdin();
  const handler = useRef(onKey);
  handler.current = onKey;
  // One reader for the component's life: a paste may span several reads.
  const reader = useRef(createKeyReader());
  useEffect(() => {
    if (!active) return;
    setRawMode(true);
    return () => setRawMode(false);
  }, [active, setRawMode]);
  useEffect(() => {
    if (!active) return;
    const listener = (chunk: string) => {
      for (const key of reader.current.read(chunk)) handler.current(key);
    };
    events.on("input", listener);
    return () => {
      events.off("input", listener);
    };
  }, [active, events]);
}
