import { Box, render, Text } from "ink";
import type { ProjectCode } from "../../../config/settings/project-code.js";
import { inkStreams } from "../render/ink-stdout.js";
import type { ReplTerminal } from "../render-app.js";
import { useChoiceKeys } from "./choice-keys.js";

/** The most entries the question lists; the rest are counted. */
const SHOWN = 12;

const CHOICES = [
  { trusted: true, label: "Yes, I trust this folder" },
  { trusted: false, label: "No, start without what it would run" },
] as const;

/** Props of the folder-trust question. */
export interface TrustDialogProps {
  folder: string;
  code: readonly ProjectCode[];
  onAnswer: (trusted: boolean) => void;
}

/**
 * Claude Code's "Do you trust the files in this folder?", with what the folder's files would
 * run listed; 1–2 or the arrows and Enter pick; Esc (or Ctrl+C) starts without them.
 */
export function TrustDialog({ folder, code, onAnswer }: TrustDialogProps) {
  const selected = useChoiceKeys(
    CHOICES,
    (choice) => onAnswer(choice.trusted),
    () => onAnswer(false),
    true,
  );
  const more = code.length - SHOWN;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text bold>Do you trust the files in this folder?</Text>
      <Text>{folder}</Text>
      <Text dimColor>Its files would run this on your machine:</Text>
      {code.slice(0, SHOWN).map((entry) => (
        <Text key={`${entry.kind}\0${entry.origin}\0${entry.what}`}>
          {"  "}
          {entry.kind}: {entry.what}
        </Text>
      ))}
      {more > 0 ? <Text dimColor>{`  … and ${more} more`}</Text> : null}
      {CHOICES.map((choice, index) => (
        <Text key={choice.label} {...(index === selected ? { color: "cyan" } : {})}>
          {index === selected ? "❯ " : "  "}
          {index + 1}. {choice.label}
        </Text>
      ))}
      <Text dimColor>Esc starts without them</Text>
    </Box>
  );
}

/** Asks the trust question before the REPL's screen exists; the dialog is cleared after. */
export async function askTrust(
  folder: string,
  code: readonly ProjectCode[],
  terminal: ReplTerminal,
  signal?: AbortSignal,
): Promise<boolean> {
  if (signal?.aborted) return false;
  // Raw mode before the first frame, as for the REPL: a key typed early must arrive as a key.
  if (terminal.stdin.isTTY) terminal.stdin.setRawMode(true);
  let answer: (trusted: boolean) => void = () => {};
  const answered = new Promise<boolean>((resolve) => {
    answer = resolve;
  });
  const leave = () => answer(false);
  signal?.addEventListener("abort", leave, { once: true });
  // Drawn as the REPL is, never by clearing the scrollback (render/ink-stdout.ts).
  const { streams, screen } = inkStreams(terminal);
  const instance = render(<TrustDialog folder={folder} code={code} onAnswer={(t) => answer(t)} />, {
    ...streams,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const trusted = await answered;
  signal?.removeEventListener("abort", leave);
  instance.clear();
  instance.unmount();
  await instance.waitUntilExit();
  screen.destroy();
  return trusted;
}
