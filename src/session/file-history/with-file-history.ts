import { homedir } from "node:os";
import { z } from "zod";
import { resolveInputPath } from "../../tools/builtin/file-paths.js";
import type { AnyTool } from "../../tools/tool.js";
import type { FileHistory } from "./file-history.js";

/** The tools that change files, whose calls are snapshotted first. */
export const FILE_CHANGING_TOOLS: readonly string[] = ["Edit", "Write"];

/** The part of an Edit or Write input the history needs. */
const filePathInputSchema = z.object({ file_path: z.string() });

/** Where `~` points when the wrapper resolves a path (the tools' own home by default). */
export interface WithFileHistoryOptions {
  home?: string;
}

/** A copy of a file-changing tool whose call saves the file's state before running. */
function snapshotting(
  tool: AnyTool,
  history: FileHistory,
  currentTurnUuid: () => string,
  home: string,
): AnyTool {
  return {
    ...tool,
    async call(input, context, onProgress) {
      const parsed = filePathInputSchema.safeParse(input);
      if (parsed.success) {
        const path = resolveInputPath(parsed.data.file_path, context.options.cwd, home);
        // A change that cannot be undone is not made: a failed snapshot fails the call.
        await history.snapshotBeforeWrite(path, currentTurnUuid());
      }
      return tool.call(input, context, onProgress);
    },
  };
}

/**
 * The tools with Edit and Write wrapped so each call first snapshots its file into `history`
 * under the current user turn; other tools are returned as they are. The tools' own files are
 * untouched: the wrapper is a copy of the tool object with its own `call`.
 */
export function withFileHistory(
  tools: readonly AnyTool[],
  history: FileHistory,
  currentTurnUuid: () => string,
  options: WithFileHistoryOptions = {},
): AnyTool[] {
  const home = options.home ?? homedir();
  return tools.map((tool) =>
    FILE_CHANGING_TOOLS.includes(tool.name)
      ? snapshotting(tool, history, currentTurnUuid, home)
      : tool,
  );
}
