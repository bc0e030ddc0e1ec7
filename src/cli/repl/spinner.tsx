import { Text } from "ink";
import { useEffect, useState } from "react";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** Props of the working indicator. */
export interface SpinnerProps {
  startedAt: number;
  now: () => number;
  /** Output tokens so far in this turn. */
  tokens: number;
  /** How often it redraws, in milliseconds. */
  intervalMs?: number;
}

/** A token count as Claude Code shows it: `950`, `1.2k`, `12k`. */
export function formatTokens(tokens: number): string {
  if (tokens < 1_000) return String(tokens);
  const thousands = tokens / 1_000;
  return `${thousands < 10 ? thousands.toFixed(1).replace(/\.0$/, "") : Math.round(thousands)}k`;
}

/** The spinner's frame now, advanced every `intervalMs`. */
function useFrame(intervalMs: number): string {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return FRAMES[tick % FRAMES.length] ?? "";
}

/** Shows that the model works, with the seconds since the turn started and its output tokens. */
export function Spinner({ startedAt, now, tokens, intervalMs = 120 }: SpinnerProps) {
  const frame = useFrame(intervalMs);
  const seconds = Math.max(0, Math.floor((now() - startedAt) / 1000));
  const parts = [
    `${seconds}s`,
    ...(tokens > 0 ? [`↓ ${formatTokens(tokens)} tokens`] : []),
    "esc to interrupt",
  ];
  return (
    <Text color="magenta">
      {frame} Working… ({parts.join(" · ")})
    </Text>
  );
}

/** A running hook's `statusMessage`, with the spinner's frame. */
export function HookStatusLine({ text, intervalMs = 120 }: { text: string; intervalMs?: number }) {
  const frame = useFrame(intervalMs);
  return (
    <Text color="magenta">
      {frame} {text}
    </Text>
  );
}
