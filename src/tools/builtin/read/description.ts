import type { ReadLimits } from "./limits.js";

/** What the model is told about Read. */
export function readDescription(limits: ReadLimits): string {
  return [
    "Reads a file from the local file system and shows it with line numbers.",
    "",
    "- file_path may be absolute or relative to the working folder. Paths outside the working folders may need the user's approval.",
    `- Without offset and limit, shows up to ${limits.defaultLines} lines from the start of the file. Read small files whole; for large ones, give offset (the first line, counting from 1) and limit (how many lines).`,
    "- Each line is shown as its number, a tab, then the text. The number and the tab are not part of the file: leave them out when you quote or edit the text.",
    `- Lines longer than ${limits.maxLineChars} characters are cut, with a marker giving their full length.`,
    "- PNG, JPEG, GIF and WebP images are shown to you as images.",
    "- Binary files cannot be read. A directory cannot be read either: use Glob, or ls through Bash.",
    "- Reading an unchanged file again returns a short note pointing back to your earlier Read.",
    "- When you need several files, read them in parallel in one response.",
  ].join("\n");
}
