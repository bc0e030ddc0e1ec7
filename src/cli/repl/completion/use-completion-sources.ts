import { useEffect, useMemo, useRef, useState } from "react";
import type { InputBuffer } from "../input-buffer.js";
import { BUILTIN_COMMANDS, type CommandEntry } from "./command-list.js";
import type { FileIndex } from "./file-index.js";
import { completionCandidates } from "./match-files.js";
import { type CompletionSources, wantsFiles } from "./menu.js";
import { slashTokenAt } from "./slash-token.js";

/** Loads the file index the first time an `@` token appears; the listing is then kept. */
function useIndexedFiles(index: FileIndex | undefined, wanted: boolean) {
  const [files, setFiles] = useState(() => index?.current());
  useEffect(() => {
    if (!wanted || !index || files) return;
    let live = true;
    void index.load().then((listed) => {
      if (live) setFiles(listed);
    });
    return () => {
      live = false;
    };
  }, [wanted, index, files]);
  return useMemo(() => (files ? completionCandidates(files) : undefined), [files]);
}

/**
 * The commands for the `/` menu: the built-in ones at once, everything (user commands, MCP
 * prompts) read at start and again each time a `/` menu opens, so a command file added since
 * shows.
 */
function useCommands(list: (() => Promise<CommandEntry[]>) | undefined, slashTyped: boolean) {
  const [commands, setCommands] = useState<readonly CommandEntry[]>(BUILTIN_COMMANDS);
  // The newest list function, without reading again each time the caller makes a new one.
  const lister = useRef(list);
  lister.current = list;
  const loaded = useRef(false);
  useEffect(() => {
    const read = lister.current;
    if (!read || (!slashTyped && loaded.current)) return;
    loaded.current = true;
    let live = true;
    read().then(
      (listed) => {
        if (live) setCommands(listed);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [slashTyped]);
  return commands;
}

/** What the prompt's menus offer now: the project's paths (once listed) and the commands. */
export function useCompletionSources(
  buffer: InputBuffer,
  files: FileIndex | undefined,
  commands: (() => Promise<CommandEntry[]>) | undefined,
): CompletionSources {
  const paths = useIndexedFiles(files, files !== undefined && wantsFiles(buffer));
  const listed = useCommands(commands, slashTokenAt(buffer) !== undefined);
  return useMemo(() => ({ commands: listed, ...(paths ? { files: paths } : {}) }), [listed, paths]);
}
