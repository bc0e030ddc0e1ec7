import { open, stat } from "node:fs/promises";
import { z } from "zod";

/** The end of a log read for its result line (a result is one line near the end). */
const TAIL_BYTES = 64 * 1024;

const resultLineSchema = z.object({ type: z.literal("result"), result: z.string() });

/** The final text of an agent's stream-json log (its `result` line), if it has one. */
export async function finalResultText(logPath: string): Promise<string | undefined> {
  const size = await stat(logPath).then(
    (found) => found.size,
    () => 0,
  );
  if (size === 0) return undefined;
  const handle = await open(logPath, "r");
  let text: string;
  try {
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, size - length);
    text = buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
  for (const line of text.split("\n").reverse()) {
    try {
      const parsed = resultLineSchema.safeParse(JSON.parse(line));
      if (parsed.success) return parsed.data.result;
    } catch {
      // Not a JSON line (or the first one, cut by the tail): keep looking.
    }
  }
  return undefined;
}
