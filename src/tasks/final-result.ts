import { z } from "zod";
import { fileTail } from "./file-tail.js";

/** The end of a log read for its result line (a result is one line near the end). */
const TAIL_BYTES = 64 * 1024;

const resultLineSchema = z.object({ type: z.literal("result"), result: z.string() });

/** The final text of an agent's stream-json log (its `result` line), if it has one. */
export async function finalResultText(logPath: string): Promise<string | undefined> {
  const { bytes, size } = await fileTail(logPath, TAIL_BYTES);
  if (size === 0) return undefined;
  const text = bytes.toString("utf8");
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
