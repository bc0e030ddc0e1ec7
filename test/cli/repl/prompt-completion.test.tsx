import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { useRef, useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFileIndex } from "../../../src/cli/repl/completion/file-index.js";
import { listProjectFiles } from "../../../src/cli/repl/completion/project-files.js";
import { PromptInput } from "../../../src/cli/repl/prompt-input.js";
import { initialPrompt, type PromptState, promptKey } from "../../../src/cli/repl/prompt-state.js";
import { DisplaySettingsContext } from "../../../src/cli/repl/render/display-settings.js";
import { eventually, nextTick } from "./eventually.js";

/** The prompt as the App drives it: keys edit the latest state, completions replace the text. */
function Prompt({ onSubmit }: { onSubmit: (text: string) => void }) {
  const [prompt, setPromptState] = useState(() => initialPrompt([]));
  const latest = useRef(prompt);
  const setPrompt = (next: PromptState) => {
    latest.current = next;
    setPromptState(next);
  };
  return (
    <PromptInput
      prompt={prompt}
      active
      onKey={(key, sources) => {
        const next = promptKey(latest.current, key, sources);
        setPrompt(next.state);
        if (next.submitted !== undefined) onSubmit(next.submitted.text);
      }}
    />
  );
}

const TAB = "\t";
const DOWN = "\u001B[B";
const ESCAPE = "\u001B";

describe("@file completion in the prompt", () => {
  let root: string;
  let listings: number;
  let submitted: string[];

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "keel-complete-"));
    // A git checkout: ripgrep applies .gitignore inside one.
    await mkdir(join(root, ".git"));
    await mkdir(join(root, "src"));
    await mkdir(join(root, "build"));
    await writeFile(join(root, ".gitignore"), "build/\n");
    await writeFile(join(root, "src", "parser.ts"), "");
    await writeFile(join(root, "src", "printer.ts"), "");
    await writeFile(join(root, "build", "parser.js"), "");
    await writeFile(join(root, "notes.md"), "");
    listings = 0;
    submitted = [];
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  function open() {
    const files = createFileIndex(() => {
      listings += 1;
      return listProjectFiles({
        cwd: root,
        env: process.env,
        signal: new AbortController().signal,
      });
    });
    const app = render(
      <DisplaySettingsContext.Provider value={{ color: false, verbose: false, files }}>
        <Prompt onSubmit={(text) => submitted.push(text)} />
      </DisplaySettingsContext.Provider>,
    );
    const frame = () => app.lastFrame() ?? "";
    const type = async (keys: string) => {
      app.stdin.write(keys);
      await nextTick();
    };
    return { app, frame, type };
  }

  it("lists matching files (not .gitignored ones) and Tab inserts the highlighted one", async () => {
    const { app, frame, type } = open();
    await type("read @par");
    await eventually(() => expect(frame()).toContain("❯ src/parser.ts"));
    expect(frame()).not.toContain("build/parser.js");
    await type(TAB);
    await eventually(() => expect(frame()).toContain("> read @src/parser.ts"));
    expect(frame()).not.toContain("❯");
    app.unmount();
  });

  it("moves with the arrows, Enter picks instead of sending, and the list is read once", async () => {
    const { app, frame, type } = open();
    await type("@src/p");
    await eventually(() => expect(frame()).toContain("❯ src/parser.ts"));
    expect(frame()).toContain("  src/printer.ts");
    await type(DOWN);
    await eventually(() => expect(frame()).toContain("❯ src/printer.ts"));
    await type("\r");
    await eventually(() => expect(frame()).toContain("> @src/printer.ts"));
    expect(submitted).toEqual([]);
    await type("and @no");
    await eventually(() => expect(frame()).toContain("❯ notes.md"));
    expect(listings).toBe(1);
    await type(ESCAPE);
    await eventually(() => expect(frame()).not.toContain("❯ notes.md"));
    await type("\r");
    await eventually(() => expect(submitted).toEqual(["@src/printer.ts and @no"]));
    app.unmount();
  });
});
