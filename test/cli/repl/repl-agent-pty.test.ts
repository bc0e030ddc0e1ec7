import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEEL_BIN } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { type PtyScreen, spawnInPty } from "./pty-screen.js";

let dir: string;
let home: string;
let screen: PtyScreen | undefined;

const REVIEWER_PROMPT = "You are the reviewer of this repository, in the REPL.";

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-repl-agent-")));
  home = await mkdtemp(join(tmpdir(), "keel-repl-agent-home-"));
  await mkdir(join(dir, ".claude", "agents"), { recursive: true });
  await writeFile(
    join(dir, ".claude", "agents", "reviewer.md"),
    `---\nname: reviewer\ndescription: Reviews code.\ntools: Read, Grep\n---\n${REVIEWER_PROMPT}\n`,
  );
});

afterEach(async () => {
  screen?.kill();
  await screen?.exited;
  screen = undefined;
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe("the REPL started with --agent (scripted model, validator on)", {
  timeout: 30_000,
}, () => {
  it("runs its turns as the agent: the agent's prompt and only its tools", async () => {
    const server = await scriptedServer({ turns: [{ content: "Reviewed in the REPL." }] });
    screen = spawnInPty(process.execPath, [KEEL_BIN, "--agent", "reviewer"], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        TERM: "xterm-256color",
        KEEL_CONFIG_DIR: join(home, ".keel"),
        KEEL_RETRY_BASE_MS: "1",
        ...anthropicEnv(server),
      },
    });
    const repl = screen;
    await repl.waitFor((s) => s.includes("/help for commands"), "the prompt");
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
