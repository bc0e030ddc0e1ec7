import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pluginsView } from "../../../src/cli/repl/commands/plugins.js";
import { loadSessionPlugins } from "../../../src/plugins/session-plugins.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { answerNotice, controllerFor } from "./repl-harness.js";

let dir: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-plugin-command-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("/plugin in the REPL", () => {
  it("lists the session's plugins and runs keel plugin's subcommands in its state folder", async () => {
    await put(
      "given/.claude-plugin/plugin.json",
      JSON.stringify({ name: "given", version: "0.1.0" }),
    );
    await put(
      "market/.claude-plugin/marketplace.json",
      JSON.stringify({ name: "m", plugins: [{ name: "p", source: "./p" }] }),
    );
    await put("market/p/commands/x.md", "X\n");
    const loaded = await loadSessionPlugins(
      [
        { dir: join(dir, "given"), mcp: true },
        { dir: join(dir, "absent"), mcp: true },
      ],
      dir,
    );
    const state = join(dir, "state");
    const session = {
      engine: scriptedEngine({ turns: [] }).engine,
      plugins: pluginsView(loaded, {
        cwd: dir,
        env: { KEEL_CONFIG_DIR: state },
        signal: new AbortController().signal,
      }),
      dispose: async () => {},
    };
    const controller = controllerFor(session, dir);

    const shown = await answerNotice(controller, "/plugin");
    expect(shown?.text).toContain(`  given 0.1.0  ${join(dir, "given")}`);
    expect(shown?.text).toContain("not loaded: inline[1] (path-not-found)");

    const added = await answerNotice(controller, "/plugin marketplace add market");
    expect(added).toEqual({
      text: `Added marketplace m (1 plugin) from ${join(dir, "market")}`,
      tone: "info",
    });
    const installed = await answerNotice(controller, "/plugins install p@m");
    expect(installed?.text).toContain("Installed p@m");
    const settings = JSON.parse(await readFile(join(state, "settings.json"), "utf8"));
    expect(settings.enabledPlugins).toEqual({ "p@m": true });

    const wrong = await answerNotice(controller, "/plugin install nope");
    expect(wrong?.tone).toBe("error");
    expect(wrong?.text).toContain('no plugin named "nope"');
  });
});
