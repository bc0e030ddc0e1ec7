import { describe, expect, it } from "vitest";
import { SLASH_COMMANDS } from "../../../src/cli/repl/slash-commands.js";
import { HEADLESS_BUILTINS } from "../../../src/cli/slash/headless-builtins.js";
import { headlessPrompt } from "../../../src/cli/slash/headless-prompt.js";
import type { SessionSlash } from "../../../src/cli/slash/session-slash.js";

// A built-in is decided before the session's own commands are looked at: none are needed.
const NO_COMMANDS = {} as SessionSlash;

describe("the REPL's built-ins in keel -p and stream-json", () => {
  it("runs /compact, /context, /cost and /init; refuses every other one, never sending it", async () => {
    const signal = new AbortController().signal;
    const outcomes = await Promise.all(
      SLASH_COMMANDS.map(async ({ name }) => {
        const prepared = await headlessPrompt(NO_COMMANDS, `/${name} some words`, signal);
        return [name, prepared.kind] as const;
      }),
    );
    const ran = outcomes.filter(([, kind]) => kind !== "refused").map(([name]) => name);
    expect(ran.sort()).toEqual([...HEADLESS_BUILTINS].sort());
    expect(ran.sort()).toEqual(["compact", "context", "cost", "init"]);
    const init = await headlessPrompt(NO_COMMANDS, "/init", signal);
    expect(init.kind === "send" && init.text).toContain("write a CLAUDE.md file");
  });
});
