import type { Stats } from "node:fs";
import { stat } from "node:fs/promises";
import { homedir } from "node:os";
import type { BuiltinToolsConfig } from "../../builtin-config.js";
import type { ToolCallContext } from "../../context.js";
import type { Tool } from "../../tool.js";
import { resolveInputPath } from "../file-paths.js";
import { checkReadPermission } from "../read-permission.js";
import { readDescription } from "./description.js";
import { binaryExtension, classifyFile } from "./file-kind.js";
import { alreadyRead, readRange } from "./file-state.js";
import { readImage } from "./image.js";
import { type ReadInput, readInputSchema } from "./input.js";
import { DEFAULT_READ_LIMITS, type ReadLimits } from "./limits.js";
import { mapReadResult, type ReadOutput } from "./output.js";
import { directoryMessage, readErrorMessage } from "./read-errors.js";
import { readTextFile } from "./read-text.js";
import { readHead } from "./sniff.js";

/** Creates the Read tool of one session. */
export function createReadTool(
  config: BuiltinToolsConfig,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Tool<ReadInput, ReadOutput> {
  const home = config.env.HOME ?? homedir();
  const pathOf = (input: ReadInput, cwd: string) => resolveInputPath(input.file_path, cwd, home);
  return {
    name: "Read",
    description: readDescription(limits),
    inputSchema: readInputSchema,
    // Read stays inline within its own caps: spilling a read to a file would need another read.
    maxResultSizeChars: Number.POSITIVE_INFINITY,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async validateInput(input) {
      const ext = binaryExtension(input.file_path);
      if (!ext) return { ok: true };
      return {
        ok: false,
        message: `Read cannot show binary files, and ${input.file_path} has the binary extension ${ext}. Use a suitable command through Bash to inspect it.`,
      };
    },
    checkPermissions: (input, context) =>
      checkReadPermission("Read", pathOf(input, context.options.cwd), context, config.stateDir),
    async call(input, context) {
      const path = pathOf(input, context.options.cwd);
      return { data: await readFile(path, input, context, limits) };
    },
    mapToolResult: mapReadResult,
  };
}

async function statFile(path: string, cwd: string): Promise<Stats> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (error) {
    throw new Error(await readErrorMessage(error, path, cwd));
  }
  if (info.isDirectory()) throw new Error(directoryMessage(path));
  if (!info.isFile()) {
    throw new Error(
      `${path} is not a regular file (it is a device, socket or pipe), so Read cannot show it.`,
    );
  }
  return info;
}

async function readFile(
  path: string,
  input: ReadInput,
  context: ToolCallContext,
  limits: ReadLimits,
): Promise<ReadOutput> {
  const cwd = context.options.cwd;
  const info = await statFile(path, cwd);
  const range = readRange(input.offset, input.limit, limits.defaultLines);
  if (alreadyRead(context.readFileState.get(path), range, info.mtimeMs)) {
    return { type: "unchanged", filePath: path };
  }
  let head: Uint8Array;
  try {
    head = await readHead(path, limits.sniffBytes);
  } catch (error) {
    throw new Error(await readErrorMessage(error, path, cwd));
  }
  const kind = classifyFile(path, head);
  switch (kind.kind) {
    case "image":
      return readImage(path, info.size, kind.mediaType, limits.maxImageBytes);
    case "bad-image":
      throw new Error(
        `${path} is named like an image (${kind.extension}) but is not a PNG, JPEG, GIF or WebP image, so Read cannot show it.`,
      );
    case "binary":
      throw new Error(`Read cannot show ${path}: it looks like a binary file (${kind.reason}).`);
    case "text": {
      const file = {
        path,
        encoding: kind.encoding,
        bomBytes: kind.bomBytes,
        size: info.size,
        mtimeMs: info.mtimeMs,
      };
      const explicitRange = input.offset !== undefined || input.limit !== undefined;
      return readTextFile(
        file,
        range,
        explicitRange,
        limits,
        context.readFileState,
        context.signal,
      );
    }
  }
}
