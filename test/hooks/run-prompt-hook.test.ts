import { describe, expect, it } from "vitest";
import { PROMPT_HOOK_SYSTEM, runPromptHook } from "../../src/hooks/run-prompt-hook.js";

describe("runPromptHook", () => {
  it("puts the input in place of $ARGUMENTS as written: its $$, $& and $' stay text", async () => {
    const prompts: string[] = [];
    const inputJson = JSON.stringify({ command: "kill $$; echo $'a\\tb' $& $`" });
    await runPromptHook({
      hook: { type: "prompt", prompt: "Is this safe? $ARGUMENTS (answer briefly)" },
      system: PROMPT_HOOK_SYSTEM,
      inputJson,
      timeoutMs: 1_000,
      signal: new AbortController().signal,
      ask: async (question) => {
        prompts.push(question.prompt);
        return '{"ok": true}';
      },
    });
    expect(prompts).toEqual([`Is this safe? ${inputJson} (answer briefly)`]);
  });
});
