import { spawn } from "node:child_process";
import { open } from "node:fs/promises";

/** Newlines in the first `length` bytes of a buffer (indexOf is native: cheap even for MBs). */
function countNewlines(buffer: Buffer, length: number): number {
  let count = 0;
  for (let at = buffer.indexOf(0x0a); at !== -1 && at < length; at = buffer.indexOf(0x0a, at + 1)) {
    count++;
  }
  return count;
}

/**
 * Runs ripgrep directly (no shell, output read through a pipe as the tools read it) and
 * returns how many lines it printed; rejects on exit code 2 (an error).
 */
export function rawRipgrep(rgPath: string, args: readonly string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, [...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let lines = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      lines += countNewlines(chunk, chunk.length);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0 || code === 1) resolve(lines);
      else reject(new Error(`rg ${args.join(" ")} exited with ${code}: ${stderr}`));
    });
  });
}

/** The chunk size the Read tool streams with. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The least work a line window needs: stream the file in the Read tool's chunk size, counting
 * newlines until `lastLine` lines have passed (or the file ends). Returns the lines counted.
 */
export async function scanToLine(path: string, lastLine: number): Promise<number> {
  const handle = await open(path, "r");
  const buffer = Buffer.alloc(CHUNK_BYTES);
  let lines = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return lines;
      lines += countNewlines(buffer, bytesRead);
      if (lines >= lastLine) return lines;
    }
  } finally {
    await handle.close();
  }
}
