import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-typed-mentions");

describe("a typed @file goes to the model with the prompt (built CLI in a pty)", {
  timeout: 40_000,
}, () => {
  it("sends the file's lines after the prompt, with no tool call", async () => {
    await writeFile(join(pty.dir, "notes.txt"), "the launch code is 42\n");
    const { server, screen } = await pty.start({ turns: [{ content: "It says 42." }] });
    await typeLine(screen, "what does @notes.txt say ?");
    await screen.waitFor((s) => s.includes("It says 42."), "the answer");
    expect(server.violations).toEqual([]);
    expect(JSON.stringify(server.requests[0]?.body)).toContain("the launch code is 42");
    expect(await exitWithCtrlC(screen)).toBe(0);
  });
});
