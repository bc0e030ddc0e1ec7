import { useEffect, useMemo, useState } from "react";
import type { InputBuffer } from "../input-buffer.js";
import { atTokenAt } from "./at-token.js";
import type { FileIndex } from "./file-index.js";
import { completionCandidates, matchFiles } from "./match-files.js";
import type { CompletionMenu } from "./menu-keys.js";

/** The highlighted suggestion, and whether Esc closed the menu, for one token. */
interface MenuChoice {
  /** Which token (its place and text) the choice belongs to: a new token starts afresh. */
  token: string;
  selected: number;
  dismissed: boolean;
}

/** The `@` completion of a prompt: the open menu (if any) and how to move or close it. */
export interface FileCompletion {
  menu: CompletionMenu | undefined;
  select(selected: number): void;
  dismiss(): void;
}

/** Loads the index the first time an `@` token appears; the listing is then kept. */
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
  return useMemo(() => (files ? completionCandidates(files) : []), [files]);
}

/** Suggests project paths while an `@path` is typed at the cursor. */
export function useFileCompletion(
  buffer: InputBuffer,
  index: FileIndex | undefined,
): FileCompletion {
  const token = index ? atTokenAt(buffer) : undefined;
  const candidates = useIndexedFiles(index, token !== undefined);
  const tokenKey = token ? `${token.start}:${token.prefix}` : "";
  const [choice, setChoice] = useState<MenuChoice>({ token: "", selected: 0, dismissed: false });
  const current = choice.token === tokenKey ? choice : { ...choice, selected: 0, dismissed: false };
  const prefix = token?.prefix;
  const suggestions = useMemo(
    () => (prefix === undefined ? [] : matchFiles(candidates, prefix)),
    [candidates, prefix],
  );
  const open = token !== undefined && suggestions.length > 0 && !current.dismissed;
  return {
    menu: open ? { token, suggestions, selected: current.selected } : undefined,
    select: (selected) => setChoice({ token: tokenKey, selected, dismissed: false }),
    dismiss: () => setChoice({ token: tokenKey, selected: 0, dismissed: true }),
  };
}
