import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-context-export");

describe("/context and /export in the real REPL", { timeout: 60_000 }, () => {
  it("draws the context grid of the session and writes the conversation to a file", async () => {
    const { server, screen } = await pty.start({ turns: [{ content: "Hi there." }] });
    await typeLine(screen, "hello");
    await screen.waitFor((s) => s.includes("Hi there."), "the answer");
    await typeLine(screen, "/context");
    const shown = await screen.waitFor(
      (s) => s.includes("Context Usage") && s.includes("Free space") && s.includes("⛝"),
      "the context grid",
    );
    expect(shown).toMatch(/⛁ System tools: [\d.]+k tokens/);
    await typeLine(screen, "/export talk.txt");
    await screen.waitFor((s) => s.includes("Conversation exported to:"), "the export notice");
    expect(await readFile(join(pty.dir, "talk.txt"), "utf8")).toBe("> hello\n\n⏺ Hi there.\n");
    expect(await exitWithCtrlC(screen)).toBe(0);
    expect(server.requests.map((r) => r.kind)).toEqual(["main"]);
    expect(server.violations).toEqual([]);
  });
});
