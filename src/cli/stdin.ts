/** The whole of stdin as text, or "" when stdin is a terminal (nothing piped in). */
export async function readPipedStdin(
  stdin: NodeJS.ReadableStream & { isTTY?: boolean },
): Promise<string> {
  if (stdin.isTTY) return "";
  let text = "";
  stdin.setEncoding("utf8");
  for await (const chunk of stdin) text += chunk;
  return text;
}

/** How long a piped stdin may stay silent before keel stops waiting for it (KEEL_STDIN_WAIT_MS). */
export function stdinWaitMs(env: Readonly<Record<string, string | undefined>>): number {
  const value = Number(env.KEEL_STDIN_WAIT_MS);
  return Number.isFinite(value) && value >= 0 ? value : 1_000;
}

/**
 * What was piped in beside a prompt argument (`cat file | keel -p "summarize this"`): all of
 * stdin when its first data comes within `windowMs`, else "". A stdin that stays open and
 * silent (CI, a program that spawns keel) is let go, never waited on for ever.
 */
export function readStdinIfPiped(
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; destroy?: () => void },
  windowMs: number,
): Promise<string> {
  if (stdin.isTTY) return Promise.resolve("");
  return new Promise((resolve) => {
    let text = "";
    const finish = (value: string) => {
      clearTimeout(timer);
      stdin.off("data", onData);
      stdin.off("end", onEnd);
      stdin.off("error", onEnd);
      resolve(value);
    };
    const onData = (chunk: string) => {
      text += chunk;
      clearTimeout(timer);
    };
    const onEnd = () => finish(text);
    const timer = setTimeout(() => {
      // Silent so far: keel goes on without it, and lets the pipe go so it can exit.
      stdin.destroy?.();
      finish("");
    }, windowMs);
    stdin.setEncoding("utf8");
    stdin.on("data", onData);
    stdin.once("end", onEnd);
    stdin.once("error", onEnd);
  });
}
