import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";

const pty = usePtyRepl("keel-repl-agent");

const REVIEWER_PROMPT = "You are the reviewer of this repository, in the REPL.";

beforeEach(async () => {
  await mkdir(join(pty.dir, ".claude", "agents"), { recursive: true });
  await writeFile(
    join(pty.dir, ".claude", "agents", "reviewer.md"),
    `---\nname: reviewer\ndescription: Reviews code.\ntools: Read, Grep\n---\n${REVIEWER_PROMPT}\n`,
  );
});

describe("the REPL started with --agent (scripted model, validator on)", {
  timeout: 30_000,
}, () => {
  it("runs its turns as the agent: the agent's prompt and only its tools", async () => {
    const { server, screen: repl } = await pty.start(
      { turns: [{ content: "Reviewed in the REPL." }] },
      ["--agent", "reviewer"],
    );
    repl.write("review it");
    await repl.waitFor((s) => s.includes("review it"), "the prompt typed");
    repl.write("\r");
    await repl.waitFor((s) => s.includes("Reviewed in the REPL."), "the answer");
    expect(server.violations).toEqual([]);
    const body = server.requests[0]?.body as {
      system: Array<{ text: string }> | string;
      tools: Array<{ name: string }>;
    };
    const system =
      typeof body.system === "string" ? body.system : body.system.map((b) => b.text).join("\n");
    expect(system.startsWith(REVIEWER_PROMPT)).toBe(true);
    expect(body.tools.map((t) => t.name)).toEqual(["Read", "Grep"]);
  });
});
