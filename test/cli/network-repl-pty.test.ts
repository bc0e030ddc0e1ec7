import { describe, expect, it } from "vitest";
import { endpointOf, plannedServer, pointedAt, refusedPort } from "./network-servers.js";
import { REPL_PROMPT, usePtyRepl } from "./repl/pty-repl.js";
import { exitWithCtrlC, typeLine } from "./repl/pty-screen.js";

const pty = usePtyRepl("keel-network-repl");

/** Wide enough that an error line naming a URL is not wrapped. */
const WIDE = { cols: 200, rows: 60 };

describe("a turn whose request fails, in the REPL (real pty)", { timeout: 60_000 }, () => {
  it("shows the refused connection's URL and cause, never 'Turn ended: completed'", async () => {
    await pty.trust();
    const base = `http://127.0.0.1:${await refusedPort()}`;
    const repl = pty.spawn([], pointedAt("anthropic", base).env, pty.dir, WIDE);
    await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt");
    await typeLine(repl, "hello");
    const failure = `API Error: ECONNREFUSED at ${endpointOf("anthropic", base)}: connection refused (gave up after 3 attempts)`;
    const ended = await repl.waitFor(
      (s) => s.includes(failure) && !s.includes("Working…"),
      "the failed turn's end",
    );
    expect(ended).toContain("Request failed; retrying (attempt 2/2)");
    expect(ended).not.toContain("Turn ended");
    expect(await exitWithCtrlC(repl)).toBe(0);
  });

  it("shows a headers timeout on the OpenAI-compatible provider the same way", async () => {
    await pty.trust();
    const server = await plannedServer("openai", ["hang"]);
    const target = pointedAt("openai", server.baseUrl);
    const env = { ...target.env, API_TIMEOUT_MS: "300", CLAUDE_CODE_MAX_RETRIES: "1" };
    const repl = pty.spawn(target.args, env, pty.dir, WIDE);
    await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt");
    await typeLine(repl, "hello");
    const failure = `API Error: no response headers from ${endpointOf("openai", server.baseUrl)} within 300 ms (API_TIMEOUT_MS) (gave up after 2 attempts)`;
    const ended = await repl.waitFor(
      (s) => s.includes(failure) && !s.includes("Working…"),
      "the failed turn's end",
    );
    expect(ended).not.toContain("Turn ended");
    expect(server.requests()).toBe(2);
    expect(await exitWithCtrlC(repl)).toBe(0);
  });
});
