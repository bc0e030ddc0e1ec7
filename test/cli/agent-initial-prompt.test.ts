import { describe, expect, it } from "vitest";
import { withMainAgent } from "../../src/cli/main-agent-option.js";
import { type CliOptions, mainCommand } from "../../src/cli/options.js";

function parse(argv: string[]): CliOptions {
  let parsed: CliOptions | undefined;
  mainCommand((options) => {
    parsed = options;
  })
    .exitOverride()
    .parse(argv, { from: "user" });
  if (!parsed) throw new Error("not parsed");
  return parsed;
}

const LEAD = JSON.stringify({
  lead: { description: "Leads.", prompt: "You lead.", initialPrompt: "Read NOTES.md first." },
  plain: { description: "Plain.", prompt: "You help." },
});

const io = { cwd: "/nonexistent-keel-project", env: { HOME: "/nonexistent-keel-home" } };
const stateDir = "/nonexistent-keel-home/.keel";

describe("a main-thread agent's initialPrompt", () => {
  it("goes before the prompt given, as the session's first prompt", async () => {
    const options = await withMainAgent(
      parse(["--agents", LEAD, "--agent", "lead", "fix it"]),
      undefined,
      io,
      stateDir,
    );
    expect(options.prompt).toBe("Read NOTES.md first.\n\nfix it");
  });

  it("is the first prompt alone when none is given; an agent without one changes nothing", async () => {
    const alone = await withMainAgent(
      parse(["--agents", LEAD, "--agent", "lead"]),
      undefined,
      io,
      stateDir,
    );
    expect(alone.prompt).toBe("Read NOTES.md first.");
    const plain = await withMainAgent(
      parse(["--agents", LEAD, "--agent", "plain", "fix it"]),
      undefined,
      io,
      stateDir,
    );
    expect(plain.prompt).toBe("fix it");
  });
});
