import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configOverrides } from "../../../src/cli/repl/commands/config-overrides.js";
import { type ConfigView, configView } from "../../../src/cli/repl/commands/config-view.js";
import type { ReplModels, ReplSession } from "../../../src/cli/repl/repl-controller.js";
import type { SettingsChoice } from "../../../src/cli/repl/settings-choice.js";
import type { PermissionMode } from "../../../src/tools/context.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { controllerFor, notices } from "./repl-harness.js";

let root: string;
let cwd: string;
let home: string;
let stateDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "keel-config-cmd-"));
  cwd = join(root, "project");
  home = join(root, "home");
  stateDir = join(home, ".keel");
  await mkdir(join(cwd, ".claude"), { recursive: true });
  await mkdir(join(home, ".claude"), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const userFile = () => join(stateDir, "settings.json");
const localFile = () => join(cwd, ".claude", "settings.local.json");

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, JSON.stringify(value, null, 2));
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, "utf8"));
}

/** A model switch as a session has it, refusing the names in `refuse` as a hook would. */
function fakeModels(refuse: readonly string[] = []): ReplModels & { now: string } {
  const models = {
    now: "claude-sonnet-5",
    providerName: "anthropic",
    current: () => models.now,
    set: (model: string | undefined) => {
      models.now = model ?? "claude-sonnet-5";
    },
    switchTo: async (model: string | undefined, requested: string) => {
      if (refuse.includes(requested)) return "a PreModelSwitch hook said no";
      models.set(model);
      return undefined;
    },
  };
  return models;
}

/** A controller whose session's /config view reads and writes the temp folders' files. */
function repl(extra: { models?: ReplModels; choice?: SettingsChoice; view?: ConfigView } = {}) {
  let mode: PermissionMode = "default";
  const choice = extra.choice ?? {};
  const view =
    extra.view ??
    configView({
      roots: { cwd, home, stateDir },
      autoDisabled: false,
      styleRoots: { cwd, home },
      choice,
    });
  const session: ReplSession = {
    engine: scriptedEngine({ turns: [] }).engine,
    config: view,
    permissionMode: () => mode,
    setPermissionMode: (next) => {
      mode = next;
    },
    ...(extra.models ? { models: extra.models } : {}),
    dispose: async () => {},
  };
  const controller = controllerFor(session, cwd);
  const say = async (line: string) => {
    const before = notices(controller.store.get()).length;
    controller.submit(line);
    for (let i = 0; i < 200 && notices(controller.store.get()).length === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const answer = notices(controller.store.get())[before];
    if (!answer) throw new Error(`no answer to ${line}`);
    return answer;
  };
  return { controller, say, mode: () => mode, choice };
}

describe("/config", () => {
  it("lists each setting with the value in force and the file it comes from, or default", async () => {
    await writeJson(join(home, ".claude", "settings.json"), { alwaysThinkingEnabled: false });
    await writeJson(userFile(), { effortLevel: "high" });
    await writeJson(localFile(), { outputStyle: "Learning" });
    await writeJson(join(cwd, ".claude", "settings.json"), {
      permissions: { defaultMode: "acceptEdits" },
    });
    const { say } = repl();
    const answer = await say("/config list");
    expect(answer.tone).toBe("info");
    const lines = answer.text.split("\n");
    expect(lines[0]).toBe("Settings (/config <key> <value> changes one):");
    const line = (key: string) => lines.find((l) => l.trim().startsWith(`${key} `))?.trim();
    expect(line("model")).toMatch(/^model +default \(default\)$/);
    expect(line("permissions.defaultMode")).toMatch(
      /acceptEdits \(\.\/\.claude\/settings\.json\) · this session: default$/,
    );
    expect(line("outputStyle")).toMatch(/Learning \(\.\/\.claude\/settings\.local\.json\)$/);
    expect(line("alwaysThinkingEnabled")).toMatch(/false \(~\/\.claude\/settings\.json\)$/);
    expect(line("effortLevel")).toMatch(/high \(~\/\.keel\/settings\.json\)$/);
    expect(line("autoDreamEnabled")).toMatch(/false \(default\)$/);
    expect(lines.at(-1)).toBe(
      "Saved to ~/.keel/settings.json, the output style to ./.claude/settings.local.json.",
    );
  });

  it("saves a setting in keel's user settings, every other key kept, and says when it acts", async () => {
    await writeJson(userFile(), { permissions: { allow: ["Bash(ls)"] }, theme: "dark" });
    const { say, choice } = repl();
    const answer = await say("/config effortLevel LOW");
    expect(answer).toEqual({
      text: "Effort level set to low: effortLevel low saved in ~/.keel/settings.json. It takes effect from the next session or /clear; this conversation keeps its current one.",
      tone: "info",
    });
    expect(await readJson(userFile())).toEqual({
      permissions: { allow: ["Bash(ls)"] },
      theme: "dark",
      effortLevel: "low",
    });
    // Carried into the sessions /clear and /resume open.
    expect(choice.carried).toEqual({ effortLevel: "low" });
  });

  it("switches the permission mode at once and saves it under permissions, rules kept", async () => {
    await writeJson(userFile(), { permissions: { allow: ["Read"] } });
    const { say, mode, controller } = repl();
    const answer = await say("/config defaultMode plan");
    expect(answer.tone).toBe("info");
    expect(answer.text).toContain("Permission mode set to plan for this session");
    expect(mode()).toBe("plan");
    expect(controller.store.get().mode).toBe("plan");
    expect(await readJson(userFile())).toEqual({
      permissions: { allow: ["Read"], defaultMode: "plan" },
    });
  });

  it("switches the model through the session's model switch and saves it; a refused switch writes nothing", async () => {
    const models = fakeModels(["haiku"]);
    const { say } = repl({ models });
    const switched = await say("/config model opus");
    expect(switched.tone).toBe("info");
    expect(switched.text).toMatch(/^Model set to claude-opus-[\w.-]+ from the next request on; /);
    expect(switched.text).toContain("model opus saved in ~/.keel/settings.json.");
    expect(models.now).toMatch(/^claude-opus/);
    expect(await readJson(userFile())).toEqual({ model: "opus" });
    const refused = await say("/config model haiku");
    expect(refused).toEqual({
      text: "Model not changed: a PreModelSwitch hook said no",
      tone: "error",
    });
    expect(await readJson(userFile())).toEqual({ model: "opus" });
    const back = await say("/config model default");
    expect(back.tone).toBe("info");
    expect(await readJson(userFile())).toEqual({});
  });

  it("refuses an unknown key or a bad value, listing the valid ones, and writes nothing", async () => {
    const { say } = repl();
    expect(await say("/config colour blue")).toEqual({
      text: '/config has no setting "colour"; the settings are model, permissions.defaultMode, outputStyle, alwaysThinkingEnabled, effortLevel, autoMemoryEnabled, autoDreamEnabled.',
      tone: "error",
    });
    expect(await say("/config alwaysThinkingEnabled maybe")).toEqual({
      text: 'alwaysThinkingEnabled cannot be "maybe"; it takes true, false',
      tone: "error",
    });
    const bypass = await say("/config permissions.defaultMode bypassPermissions");
    expect(bypass.tone).toBe("error");
    expect(bypass.text).toContain("--dangerously-skip-permissions");
    expect(bypass.text).toContain("it takes default, acceptEdits, plan, dontAsk, auto");
    expect(await say("/config outputStyle Welfare")).toEqual({
      text: 'outputStyle cannot be "Welfare"; it takes default, Explanatory, Learning',
      tone: "error",
    });
    await expect(readFile(userFile(), "utf8")).rejects.toThrow();
    await expect(readFile(localFile(), "utf8")).rejects.toThrow();
  });

  it("leaves a file it cannot read as JSON (comments in it) as it is, naming it", async () => {
    const text = '{\n  // mine\n  "effortLevel": "high"\n}\n';
    await mkdir(stateDir, { recursive: true });
    await writeFile(userFile(), text);
    const { say } = repl();
    const answer = await say("/config autoDreamEnabled true");
    expect(answer.tone).toBe("error");
    expect(answer.text).toContain(
      `Auto dream was not changed: not saved: ${userFile()} is not valid JSON`,
    );
    expect(answer.text).toContain("left as it is");
    expect(await readFile(userFile(), "utf8")).toBe(text);
  });

  it("says when a higher settings file still wins over the value saved", async () => {
    await writeJson(localFile(), { alwaysThinkingEnabled: true });
    const { say, choice } = repl();
    const answer = await say("/config alwaysThinkingEnabled false");
    expect(answer.text).toContain(
      "alwaysThinkingEnabled false saved in ~/.keel/settings.json, but ./.claude/settings.local.json sets true, which wins",
    );
    expect(choice.carried).toEqual({ alwaysThinkingEnabled: true });
  });

  it("opens a panel: Enter cycles a setting, saved at once, and the panel opens again on that row", async () => {
    await mkdir(join(cwd, ".claude", "output-styles"), { recursive: true });
    await writeFile(
      join(cwd, ".claude", "output-styles", "terse.md"),
      "---\nname: Terse\ndescription: Few words\n---\nUse few words.\n",
    );
    const { controller, mode } = repl();
    controller.submit("/config");
    const panel = await waitForPicker(controller);
    expect(panel.title).toBe("Settings: Enter changes one (saved at once), Esc closes");
    expect(panel.options.map((o) => o.label)).toEqual([
      "Model",
      "Default permission mode",
      "Output style",
      "Thinking mode",
      "Effort level",
      "Auto memory",
      "Auto dream",
    ]);
    expect(panel.options[6]?.detail).toBe("false (default)");
    // Enter on Auto dream: false → true, saved, the panel back on that row.
    panel.choose(6);
    const again = await waitForPicker(controller, panel.id);
    expect(again.selected).toBe(6);
    expect(again.options[6]?.detail).toBe("true (~/.keel/settings.json)");
    expect(await readJson(userFile())).toEqual({ autoDreamEnabled: true });
    // Enter on the permission mode: default → acceptEdits, in force now.
    again.choose(1);
    const third = await waitForPicker(controller, again.id);
    expect(mode()).toBe("acceptEdits");
    expect(third.options[1]?.detail).toBe("acceptEdits (~/.keel/settings.json)");
    // The output style lists its values; choosing one saves it and returns to the panel.
    third.choose(2);
    const values = await waitForPicker(controller, third.id);
    expect(values.options.map((o) => o.label)).toEqual([
      "default",
      "Explanatory",
      "Learning",
      "Terse",
    ]);
    expect(values.options[0]?.detail).toBe("(in force)");
    values.choose(3);
    const last = await waitForPicker(controller, values.id);
    expect(last.selected).toBe(2);
    expect(last.options[2]?.detail).toBe("Terse (./.claude/settings.local.json)");
    expect(await readJson(localFile())).toEqual({ outputStyle: "Terse" });
    expect(notices(controller.store.get()).map((n) => n.text.split(":")[0])).toEqual([
      "Auto dream set to true",
      "Permission mode set to acceptEdits for this session; permissions.defaultMode acceptEdits saved in ~/.keel/settings.json (the mode new sessions start in).",
      "Output style set to Terse",
    ]);
    last.cancel();
    expect(controller.overlay.get().picker).toBeUndefined();
  });

  it("Esc in a setting's list of values goes back to the panel on that row, nothing saved", async () => {
    const { controller } = repl({ models: fakeModels() });
    controller.submit("/config");
    const panel = await waitForPicker(controller);
    let current = panel;
    // The model's list, then the output style's.
    for (const row of [0, 2]) {
      current.choose(row);
      const values = await waitForPicker(controller, current.id);
      expect(values.title).toMatch(/: choose a value \(Esc: back to the settings, default kept\)$/);
      values.cancel();
      const back = await waitForPicker(controller, values.id);
      expect(back.title).toBe(panel.title);
      expect(back.selected).toBe(row);
      current = back;
    }
    expect(existsSync(userFile())).toBe(false);
    expect(existsSync(localFile())).toBe(false);
    expect(notices(controller.store.get())).toEqual([]);
    current.cancel();
    expect(controller.overlay.get().picker).toBeUndefined();
  });

  it("says when --setting-sources leaves out the file a value was saved to", async () => {
    const view = configView({
      roots: { cwd, home, stateDir },
      sources: ["user", "project"],
      autoDisabled: false,
      styleRoots: { cwd, home },
      choice: {},
    });
    const { say } = repl({ view });
    expect((await say("/output-style learning")).text).toBe(
      "Output style set to Learning: outputStyle Learning saved in ./.claude/settings.local.json, but this session does not read that file (--setting-sources). It takes effect from the next session or /clear; this conversation keeps its current one.",
    );
    expect(await readJson(localFile())).toEqual({ outputStyle: "Learning" });
  });

  it("names a flag or variable that beats the files in place of a file", async () => {
    await writeJson(userFile(), { model: "haiku", effortLevel: "low" });
    const overrides = configOverrides(
      { model: "opus", thinking: "disabled" },
      { CLAUDE_CODE_EFFORT_LEVEL: "max" },
    );
    const view = configView({
      roots: { cwd, home, stateDir },
      autoDisabled: true,
      overrides,
      styleRoots: { cwd, home },
      choice: {},
    });
    const { say } = repl({ view });
    const lines = (await say("/config list")).text.split("\n").map((l) => l.trim());
    expect(lines).toContain("model                    opus (--model)");
    expect(lines).toContain("effortLevel              max (CLAUDE_CODE_EFFORT_LEVEL)");
    expect(lines).toContain("alwaysThinkingEnabled    disabled (--thinking)");
    // auto mode turned off by the settings is not a mode to choose.
    expect((await say("/config defaultMode auto")).text).toBe(
      'permissions.defaultMode cannot be "auto"; it takes default, acceptEdits, plan, dontAsk',
    );
  });

  it("says so where the session has no settings view", async () => {
    const { engine } = scriptedEngine({ turns: [] });
    const controller = controllerFor({ engine, dispose: async () => {} }, cwd);
    controller.submit("/config list");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(notices(controller.store.get()).at(-1)).toEqual({
      text: "/config is not available in this session.",
      tone: "error",
    });
  });
});

/** The picker on screen once it opens (a new one, when `after` names the previous one's id). */
async function waitForPicker(controller: ReturnType<typeof controllerFor>, after = 0) {
  for (let i = 0; i < 200; i++) {
    const picker = controller.overlay.get().picker;
    if (picker && picker.id > after) return picker;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("no picker opened");
}
