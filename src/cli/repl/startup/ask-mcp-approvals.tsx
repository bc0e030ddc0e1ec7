import { render, useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import type { McpServerSpec } from "../../../mcp/resolve-servers.js";
import { inkStreams } from "../render/ink-stdout.js";
import type { ReplTerminal } from "../render-app.js";
import { completeAnswers, type McpApprovalAnswer } from "./mcp-approval-choices.js";
import { McpApprovalDialog } from "./mcp-approval-dialog.js";

/** Props of the dialogs shown one after the other. */
export interface McpApprovalQueueProps {
  servers: readonly McpServerSpec[];
  /** Called once, with every server's answer. */
  onDone: (answers: McpApprovalAnswer[]) => void;
  /** The process is stopping (SIGTERM): every server not answered yet waits for later. */
  signal?: AbortSignal;
}

/** One approval dialog per server, in order; "use all" answers the rest, Ctrl+C or the signal leaves. */
export function McpApprovalQueue({ servers, onDone, signal }: McpApprovalQueueProps) {
  const [index, setIndex] = useState(0);
  // Keys can arrive before the next render: answers are counted here, not from the render.
  const given = useRef<McpApprovalAnswer[]>([]);
  const finished = useRef(false);
  const finish = () => {
    if (finished.current) return;
    finished.current = true;
    setIndex(servers.length);
    onDone(completeAnswers(servers, given.current));
  };
  // Ctrl+C leaves the dialogs: every server not answered yet waits for the next start.
  useInput((input, key) => {
    if (key.ctrl && input === "c") finish();
  });
  // A stop signal leaves like Ctrl+C: nobody is there to answer, and the process must end.
  const finishRef = useRef(finish);
  finishRef.current = finish;
  useEffect(() => {
    if (!signal) return;
    const leave = () => finishRef.current();
    if (signal.aborted) leave();
    else signal.addEventListener("abort", leave, { once: true });
    return () => signal.removeEventListener("abort", leave);
  }, [signal]);
  const server = servers[index];
  if (!server) return null;
  const onAnswer = (answer: McpApprovalAnswer) => {
    if (finished.current) return;
    given.current.push(answer);
    if (answer === "use-all" || given.current.length >= servers.length) finish();
    else setIndex(given.current.length);
  };
  return (
    <McpApprovalDialog
      key={server.name}
      server={server}
      more={servers.length - index - 1}
      onAnswer={onAnswer}
    />
  );
}

/**
 * Asks about each `.mcp.json` server nobody approved or refused, before the REPL's screen
 * exists; the dialogs are cleared from the screen once answered. When `signal` aborts
 * (SIGTERM), the servers not answered yet are left for later and the dialogs close.
 */
export async function askMcpApprovals(
  servers: readonly McpServerSpec[],
  terminal: ReplTerminal,
  signal?: AbortSignal,
): Promise<McpApprovalAnswer[]> {
  if (servers.length === 0) return [];
  if (signal?.aborted) return completeAnswers(servers, []);
  // Raw mode before the first frame, as for the REPL: a key typed early must arrive as a key.
  if (terminal.stdin.isTTY) terminal.stdin.setRawMode(true);
  let finish: (answers: McpApprovalAnswer[]) => void = () => {};
  const answered = new Promise<McpApprovalAnswer[]>((resolve) => {
    finish = resolve;
  });
  // Drawn as the REPL is, never by clearing the scrollback (render/ink-stdout.ts).
  const { streams, screen } = inkStreams(terminal);
  const instance = render(<McpApprovalQueue servers={servers} onDone={finish} signal={signal} />, {
    ...streams,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const answers = await answered;
  instance.clear();
  instance.unmount();
  await instance.waitUntilExit();
  screen.destroy();
  return answers;
}
