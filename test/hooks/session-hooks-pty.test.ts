import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually } from "../cli/repl/eventually.js";
import { usePtyRepl } from "../cli/repl/pty-repl.js";
import { typeLine } from "../cli/repl/pty-screen.js";
import {
  expectHookInput,
  expectHookKeys,
  readJsonLines,
  writeRecordingHook,
} from "./hook-project.js";

const repl = usePtyRepl("keel-hook-session");

/** SessionStart and SessionEnd hooks that append their stdin to <event>.jsonl. */
async function recordingHooks(): Promise<void> {
  const script = await writeRecordingHook(repl.dir, {
    file: `${repl.dir}/$1.jsonl`,
    append: true,
  });
  const hook = (event: string) => [{ hooks: [{ type: "command", command: `${script} ${event}` }] }];
  await mkdir(join(repl.dir, ".claude"));
  const hooks = { SessionStart: hook("SessionStart"), SessionEnd: hook("SessionEnd") };
  await writeFile(join(repl.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
}

function recorded(event: string): Promise<Array<Record<string, unknown>>> {
  return readJsonLines(join(repl.dir, `${event}.jsonl`));
}

describe("SessionStart and SessionEnd in the REPL", () => {
  it("/clear ends the session with reason clear and starts the next with source clear; /exit ends it with prompt_input_exit", async () => {
    await repl.trust();
    await recordingHooks();
    const { screen } = await repl.start({ turns: [{ content: "Hello there." }] });
    await typeLine(screen, "/clear");
    await screen.waitFor((s) => s.includes("New conversation"), "the new conversation");
    await typeLine(screen, "hi");
    await screen.waitFor((s) => s.includes("Hello there."), "the answer");
    await typeLine(screen, "/exit");
    expect(await screen.exited).toBe(0);

    const ends = await recorded("SessionEnd");
    const starts = await recorded("SessionStart");
    expect(ends.map((e) => e.reason)).toEqual(["clear", "prompt_input_exit"]);
    // SessionStart (startup) fires as the REPL opens, before any prompt, as in Claude Code.
    expect(starts.map((s) => s.source)).toEqual(["startup", "clear"]);
    const [cleared, exited] = ends;
    const [opened, started] = starts;
    // The cleared session ends; the new one starts and is the one that exits.
    expect(cleared?.session_id).toBe(opened?.session_id);
    expect(cleared?.session_id).not.toBe(started?.session_id);
    expect(exited?.session_id).toBe(started?.session_id);
    for (const end of ends) {
      expectHookInput(end, { event: "SessionEnd", cwd: repl.dir, fields: ["reason"] });
    }
    for (const start of starts) expectHookKeys(start, ["source", "model"]);
    expect(started?.hook_event_name).toBe("SessionStart");
  });
});

describe("Notification in the REPL", () => {
  it("fires with type permission_prompt when a permission dialog waits for the person, field by field", async () => {
    await repl.trust();
    const script = join(repl.dir, "notify.sh");
    // Written whole, then renamed: the hook runs beside the dialog, so the test waits for it.
    const saved = join(repl.dir, "Notification.json");
    await writeFile(script, `#!/bin/sh\ncat > "${saved}.part"\nmv "${saved}.part" "${saved}"\n`);
    await chmod(script, 0o755);
    const hooks = {
      Notification: [
        { matcher: "permission_prompt", hooks: [{ type: "command", command: script }] },
      ],
    };
    await mkdir(join(repl.dir, ".claude"));
    await writeFile(join(repl.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    const file = join(repl.dir, "out.txt");
    const { screen } = await repl.start({
      turns: [
        {
          content: [{ type: "tool_use", name: "Write", input: { file_path: file, content: "hi" } }],
        },
        { content: "Written." },
      ],
    });
    await typeLine(screen, "write it");
    await screen.waitFor((s) => s.includes("Do you want to create out.txt?"), "the dialog", 60_000);
    screen.write("1");
    await screen.waitFor((s) => s.includes("Written."), "the answer", 60_000);
    await eventually(() => expect(existsSync(saved)).toBe(true), 30_000);
    const input = JSON.parse(await readFile(saved, "utf8"));
    expectHookKeys(input, ["message", "notification_type"]);
    expect(input.hook_event_name).toBe("Notification");
    expect(input.notification_type).toBe("permission_prompt");
    expect(input.message).toBe("keel needs your permission to use Write");
    expect(input.cwd).toBe(repl.dir);
    expect(input.permission_mode).toBe("default");
  });
});

describe("Pre/PostModelSwitch in the REPL", () => {
  it("/model fires them with source command, field by field; a PreModelSwitch deny keeps the model", async () => {
    await repl.trust();
    const script = join(repl.dir, "switch.sh");
    // Records every input; refuses a switch to opus (exit 2, its stderr the reason).
    await writeFile(
      script,
      `#!/bin/sh\ninput=$(cat)\nprintf '%s\\n' "$input" >> "${repl.dir}/$1.jsonl"\ncase "$input" in *'"to_model":"claude-opus'*) echo "no opus here" >&2; exit 2;; esac\n`,
    );
    await chmod(script, 0o755);
    const hook = (event: string) => [
      { hooks: [{ type: "command", command: `${script} ${event}` }] },
    ];
    const hooks = {
      PreModelSwitch: hook("PreModelSwitch"),
      PostModelSwitch: hook("PostModelSwitch"),
    };
    await mkdir(join(repl.dir, ".claude"));
    await writeFile(join(repl.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    const { screen, server } = await repl.start({ turns: [{ content: "Hello there." }] });
    await typeLine(screen, "/model opus");
    await screen.waitFor((s) => s.includes("no opus here"), "the refusal with its reason");
    await typeLine(screen, "/model haiku");
    await screen.waitFor((s) => s.includes("Model set to claude-haiku-4-5"), "the switch");
    await typeLine(screen, "hi");
    await screen.waitFor((s) => s.includes("Hello there."), "the answer");
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain(`"model":"claude-haiku-4-5"`);

    const pre = await recorded("PreModelSwitch");
    const post = await recorded("PostModelSwitch");
    expect(pre.map((p) => p.to_model)).toEqual(["claude-opus-5-5", "claude-haiku-4-5"]);
    expect(post.map((p) => p.to_model)).toEqual(["claude-haiku-4-5"]);
    for (const input of [...pre, ...post]) {
      expectHookKeys(input, [
        "from_model",
        "to_model",
        "requested_model",
        "source",
        "context_tokens",
        "prompt_cache_warm",
        "cache_ttl",
        "estimated_cache_write_usd",
        "pricing",
      ]);
      expect(input).toMatchObject({
        cwd: repl.dir,
        permission_mode: "default",
        from_model: "claude-sonnet-5",
        source: "command",
        context_tokens: 0,
        prompt_cache_warm: false,
        cache_ttl: "5m",
        estimated_cache_write_usd: 0,
        pricing: "catalog",
      });
    }
    expect(pre.map((p) => p.requested_model)).toEqual(["opus", "haiku"]);
    expect(post[0]?.hook_event_name).toBe("PostModelSwitch");
  });
});

describe("a command hook's statusMessage in the REPL", () => {
  it("shows as a spinner line while the hook runs, and goes when it ends", async () => {
    await repl.trust();
    const release = join(repl.dir, "release");
    // The hook waits (at most 30 s) for the test to have seen its line.
    const hooks = {
      UserPromptSubmit: [
        {
          hooks: [
            {
              type: "command",
              command: `cat > /dev/null; for i in $(seq 600); do [ -e "${release}" ] && exit 0; sleep 0.05; done`,
              statusMessage: "Checking the prompt with the team's rules",
            },
          ],
        },
      ],
    };
    await mkdir(join(repl.dir, ".claude"));
    await writeFile(join(repl.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    const { screen } = await repl.start({ turns: [{ content: "Hello there." }] });
    await typeLine(screen, "hi");
    const shown = await screen.waitFor(
      (s) => s.includes("Checking the prompt with the team's rules"),
      "the hook's status line",
    );
    expect(shown).not.toContain("Hello there.");
    await writeFile(release, "");
    const after = await screen.waitFor((s) => s.includes("Hello there."), "the answer");
    expect(after).not.toContain("Checking the prompt with the team's rules");
  });
});

describe("UserPromptExpansion in the REPL", () => {
  it("fires for a typed /command; exit 2 stops it and the reason is shown", async () => {
    await repl.trust();
    const script = join(repl.dir, "expansion.sh");
    await writeFile(
      script,
      `#!/bin/sh\ncat >> "${repl.dir}/UserPromptExpansion.jsonl"\necho >> "${repl.dir}/UserPromptExpansion.jsonl"\n[ -e "${repl.dir}/block" ] && { echo "not now" >&2; exit 2; }\nexit 0\n`,
    );
    await chmod(script, 0o755);
    const hooks = { UserPromptExpansion: [{ hooks: [{ type: "command", command: script }] }] };
    await mkdir(join(repl.dir, ".claude", "commands"), { recursive: true });
    await writeFile(join(repl.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    await writeFile(
      join(repl.dir, ".claude", "commands", "greet.md"),
      "Say hello to $ARGUMENTS.\n",
    );
    const { screen, server } = await repl.start({ turns: [{ content: "Hello there." }] });
    await typeLine(screen, "/greet Bob");
    await screen.waitFor((s) => s.includes("Hello there."), "the answer");
    expect(JSON.stringify(server.requests[0]?.body)).toContain("Say hello to Bob.");
    await writeFile(join(repl.dir, "block"), "");
    await typeLine(screen, "/greet Ann");
    await screen.waitFor((s) => s.includes("not now"), "the hook's reason");
    expect(server.requests).toHaveLength(1);
    const inputs = await recorded("UserPromptExpansion");
    expect(inputs.map((i) => i.command_args)).toEqual(["Bob", "Ann"]);
    expect(inputs[0]).toMatchObject({
      hook_event_name: "UserPromptExpansion",
      expansion_type: "slash_command",
      command_name: "greet",
      command_source: "project",
      cwd: repl.dir,
    });
  });
});

describe("FileChanged in the REPL", () => {
  it("fires for the files its matcher names as they are added, changed and removed, field by field", async () => {
    await repl.trust();
    const script = join(repl.dir, "changed.sh");
    await writeFile(
      script,
      `#!/bin/sh\ncat >> "${repl.dir}/FileChanged.jsonl"\necho >> "${repl.dir}/FileChanged.jsonl"\n`,
    );
    await chmod(script, 0o755);
    const hooks = {
      FileChanged: [{ matcher: "notes.txt|.env", hooks: [{ type: "command", command: script }] }],
    };
    await mkdir(join(repl.dir, ".claude"));
    await writeFile(join(repl.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    await repl.start({ turns: [{ content: "unused" }] });
    const record = join(repl.dir, "FileChanged.jsonl");
    const kinds = () =>
      existsSync(record)
        ? readFileSync(record, "utf8")
            .split("\n")
            .filter((line) => line.trim() !== "")
            .map((line) => JSON.parse(line).event)
        : [];
    const notes = join(repl.dir, "notes.txt");
    // Not named by the matcher: never reported (".envrc" is not ".env").
    await writeFile(join(repl.dir, ".envrc"), "x\n");
    await writeFile(notes, "one\n");
    await eventually(() => expect(kinds()).toEqual(["add"]), 30_000);
    await writeFile(notes, "two\n");
    await eventually(() => expect(kinds()).toEqual(["add", "change"]), 30_000);
    await rm(notes);
    await eventually(() => expect(kinds()).toEqual(["add", "change", "unlink"]), 30_000);
    const inputs = await recorded("FileChanged");
    for (const input of inputs) {
      expectHookKeys(input, ["file_path", "event"]);
      expect(input.hook_event_name).toBe("FileChanged");
      expect(input.file_path).toBe(notes);
      expect(input.cwd).toBe(repl.dir);
    }
  });
});
