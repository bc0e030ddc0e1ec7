/** Lists the project's files (ripgrep in the REPL; a fixed list in tests). */
export type ListFiles = () => Promise<string[]>;

/** The project's files for `@` completion: listed on first use, then kept for the REPL's life. */
export interface FileIndex {
  /** The files, once listed; undefined before. */
  current(): readonly string[] | undefined;
  /** Lists the files the first time; later calls share that listing. */
  load(): Promise<readonly string[]>;
}

/**
 * A lazily filled file index: nothing runs until the person first types `@`; a listing that
 * fails leaves the index empty (completion just offers nothing) and is retried on next use.
 */
export function createFileIndex(list: ListFiles): FileIndex {
  let files: readonly string[] | undefined;
  let pending: Promise<readonly string[]> | undefined;
  return {
    current: () => files,
    load() {
      pending ??= list().then(
        (listed) => {
          files = listed;
          return listed;
        },
        () => {
          pending = undefined;
          return [];
        },
      );
      return pending;
    },
  };
}
