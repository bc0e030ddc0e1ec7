import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-config");

const system = (server: { requests: Array<{ body: unknown }> }, index: number) =>
  JSON.stringify((server.requests[index]?.body as { system?: unknown } | undefined)?.system);

describe("/config and /output-style in the built REPL", { timeout: 60_000 }, () => {
  it("a style chosen from the menu is saved locally, listed by /config, and the conversation after /clear runs with it", async () => {
    // Turns in request order: the conversation after /clear starts with no assistant message.
    const { server, screen: repl } = await pty.start({
      turnMode: "count",
      turns: [{ content: "Plain answer." }, { content: "Styled answer." }],
    });
    await typeLine(repl, "/output-style");
    await repl.waitFor(
      (s) => s.includes("Output style: choose one (Esc keeps default)") && s.includes("Learning"),
      "the style menu",
    );
    repl.write("\x1b[B");
    await repl.waitFor((s) => s.includes("❯ Explanatory"), "Explanatory selected");
    repl.write("\r");
    await repl.waitFor((s) => s.includes("Output style set to Explanatory"), "the switch");
    const local = JSON.parse(
      await readFile(join(pty.dir, ".claude", "settings.local.json"), "utf8"),
    );
    expect(local).toEqual({ outputStyle: "Explanatory" });

    await typeLine(repl, "/config list");
    await repl.waitFor(
      (s) => /outputStyle +Explanatory \(\.\/\.claude\/settings\.local\.json\)/.test(s),
      "the settings list",
    );
    await typeLine(repl, "/config effortLevel extreme");
    await repl.waitFor(
      (s) => s.includes('effortLevel cannot be "extreme"; it takes low, medium, high, xhigh, max'),
      "the bad value's error",
    );
    await typeLine(repl, "/config");
    await repl.waitFor(
      (s) => s.includes("Settings: Enter changes one (saved at once), Esc closes"),
      "the settings panel",
    );
    // ↑ from the first row wraps to the last: Auto dream, cycled false → true by Enter.
    repl.write("\x1b[A");
    await repl.waitFor((s) => s.includes("❯ Auto dream"), "Auto dream selected");
    repl.write("\r");
    await repl.waitFor(
      (s) => s.includes("Auto dream set to true") && /❯ Auto dream .*true/.test(s),
      "the panel again, on the changed row",
    );
    repl.write("\x1b");
    await repl.waitFor((s) => !s.includes("Enter changes one"), "the panel closed");
    const user = JSON.parse(await readFile(join(pty.stateDir, "settings.json"), "utf8"));
    expect(user).toEqual({ autoDreamEnabled: true });

    await typeLine(repl, "hello");
    await repl.waitFor((s) => s.includes("Plain answer."), "the first answer");
    await typeLine(repl, "/clear");
    await repl.waitFor((s) => !s.includes("Plain answer."), "the cleared screen");
    await typeLine(repl, "hello again");
    await repl.waitFor((s) => s.includes("Styled answer."), "the answer after /clear");
    expect(system(server, 0)).not.toContain("# Output style");
    expect(system(server, 1)).toContain("# Output style: Explanatory");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });
});
