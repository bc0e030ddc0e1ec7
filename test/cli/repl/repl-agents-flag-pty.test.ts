import { describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-repl-agents-flag");

const PROMPT = "You are the --agents reviewer, in the REPL.";
const AGENTS = JSON.stringify({
  reviewer: { description: "Reviews.", prompt: PROMPT, tools: ["Grep"] },
});

describe("the REPL started with --agents and --agent (scripted model, validator on)", {
  timeout: 30_000,
}, () => {
  it("runs its turns as the flag's agent: its prompt and only its tools", async () => {
    const { server, screen: repl } = await pty.start({ turns: [{ content: "Flag agent here." }] }, [
      "--agents",
      AGENTS,
      "--agent",
      "reviewer",
    ]);
    await typeLine(repl, "who are you");
    await repl.waitFor((s) => s.includes("Flag agent here."), "the answer");
    expect(server.violations).toEqual([]);
    const body = server.requests[0]?.body as { system: unknown; tools: Array<{ name: string }> };
    expect(JSON.stringify(body.system)).toContain(PROMPT);
    expect(body.tools.map((t) => t.name)).toEqual(["Grep"]);
  });
});
