/** The size limits a Read works within. */
export interface ReadLimits {
  /** Lines shown when no limit is given. */
  defaultLines: number;
  /** Longer lines are cut, with a marker saying how long they were. */
  maxLineChars: number;
  /** A file read without offset or limit may be at most this big. */
  maxWholeFileBytes: number;
  /** The numbered text of one Read stays under this (about 25,000 tokens at 4 characters each). */
  maxOutputChars: number;
  /** Images larger than this cannot be sent (the API's 5 MB base64 limit, as raw bytes). */
  maxImageBytes: number;
  /** How much of a file's start is inspected to tell text, images and binary apart. */
  sniffBytes: number;
}

/** Claude Code's limits. */
export const DEFAULT_READ_LIMITS: ReadLimits = {
  defaultLines: 2000,
  maxLineChars: 2000,
  maxWholeFileBytes: 256 * 1024,
  maxOutputChars: 25_000 * 4,
  maxImageBytes: Math.floor(3.75 * 1024 * 1024),
  sniffBytes: 8192,
};
