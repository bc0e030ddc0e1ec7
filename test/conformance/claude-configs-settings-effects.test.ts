import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { countingProxy } from "../helpers/connect-proxy.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const corpus = path.resolve(repoRoot, "../shared/fixtures/claude-configs");
const missing = !existsSync(path.join(corpus, "SOURCES.md"));
if (missing) {
  console.warn(
    `claude-configs conformance: corpus missing at ${corpus}; not run: what the real-world settings files do in keel -p`,
  );
}

let scratch: string | undefined;
afterEach(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** Where a settings file of the set goes: the user's ~/.claude, or the project's .claude. */
type Place = "user" | "project" | "local";

interface Body {
  model: string;
  max_tokens: number;
  thinking?: { type: string; budget_tokens?: number };
  messages: { content: unknown }[];
}

/**
 * Runs keel -p in a fresh project and HOME with one settings file of the set where its owner
 * keeps it, against a scripted model; returns the requests and the tool results.
 */
async function withSettings(
  file: string,
  place: Place,
  scenario: unknown,
  args: string[] = [],
  env: Record<string, string> = {},
) {
  scratch = await realpath(await mkdtemp(path.join(tmpdir(), "keel-settings-effects-")));
  const home = path.join(scratch, "home");
  const project = path.join(scratch, "project");
  const target = {
    user: path.join(home, ".claude", "settings.json"),
    project: path.join(project, ".claude", "settings.json"),
    local: path.join(project, ".claude", "settings.local.json"),
  }[place];
  await mkdir(path.join(project, "sub"), { recursive: true });
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(path.join(corpus, file), target);
  const server = await scriptedServer(scenario);
  const run = await runKeel(["-p", "go", ...args], {
    cwd: project,
    env: {
      ...anthropicEnv(server),
      HOME: home,
      KEEL_CONFIG_DIR: path.join(home, ".keel"),
      ...env,
    },
  });
  const bodies = server.requests.map((r) => r.body as Body);
  const results = JSON.stringify(bodies.at(-1)?.messages ?? []);
  return { run, server, bodies, results, project };
}

const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command } }],
});
const ONE_ANSWER = { turns: [{ content: "ok" }] };

/** The text of each tool result in the last request, in order. */
function toolResults(messages: string): string[] {
  const parsed = JSON.parse(messages) as { content: unknown }[];
  return parsed.flatMap((message) =>
    Array.isArray(message.content)
      ? message.content
          .filter((block: { type?: string }) => block.type === "tool_result")
          .map((block: { content?: unknown }) => JSON.stringify(block.content))
      : [],
  );
}

describe.skipIf(missing)(
  "what real-world settings files do, as Claude Code 2.1.332 does it",
  () => {
    it("row 14: plan mode (defaultMode) runs the allow-listed Bash(ccusage daily); CLAUDE_CODE_MAX_OUTPUT_TOKENS=64000 reaches the request", async () => {
      const { bodies, results, server } = await withSettings(
        "centminmod__my-claude-code-setup/.claude/settings.local.json",
        "local",
        { turns: [bash("ccusage daily"), { content: "done" }] },
      );
      expect(bodies[0]?.max_tokens).toBe(64_000);
      // It ran: the shell could not find the program (not a plan-mode refusal).
      expect(results).toContain("ccusage: command not found");
      expect(results).not.toContain("explicit step");
      expect(server.violations).toEqual([]);
    });

    it("row 53: MAX_THINKING_TOKENS=32000 is sent with a budget the API takes (below max_tokens)", async () => {
      const { bodies, server, run } = await withSettings(
        "humanlayer__humanlayer/.claude/settings.json",
        "project",
        ONE_ANSWER,
      );
      expect(run.code).toBe(0);
      const [first] = bodies;
      expect(first?.thinking).toBeDefined();
      expect(first?.thinking?.type).not.toBe("disabled");
      expect(first?.thinking?.budget_tokens ?? 0).toBeLessThan(first?.max_tokens ?? 0);
      expect(server.violations).toEqual([]);
    });

    it("row 95: model opus is claude-opus-5-5", async () => {
      const { bodies } = await withSettings(
        "00riddle00__dotfiles/.claude/settings.json",
        "user",
        ONE_ANSWER,
      );
      expect(bodies[0]?.model).toBe("claude-opus-5-5");
    });

    it("row 100: env HTTP_PROXY / HTTPS_PROXY routes the model's requests through the proxy", async () => {
      const proxy = await countingProxy({ port: 10808 });
      const { run, server } = await withSettings(
        "0443n__configs/.claude/settings.json",
        "user",
        ONE_ANSWER,
      );
      expect(run.stdout).toBe("ok\n");
      expect(proxy.tunnels).toEqual([new URL(server.url).host]);
    });

    it("row 102: model opus[1m] goes out as claude-opus-5-5 (with the 1M beta)", async () => {
      const { bodies, server } = await withSettings(
        "9999years__dotfiles/claude/settings.json",
        "user",
        ONE_ANSWER,
      );
      expect(bodies[0]?.model).toBe("claude-opus-5-5");
      expect(server.violations).toEqual([]);
    });

    it("row 104: CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR puts Bash back in the project after a cd", async () => {
      const { results, project } = await withSettings(
        "708u__dotfiles/claude/settings.json",
        "user",
        {
          turns: [bash("cd sub"), bash("pwd"), { content: "done" }],
        },
        ["--allowedTools", "Bash"],
      );
      expect(results).toContain(`Shell cwd was reset to ${project}`);
      expect(results).toContain(JSON.stringify(project).slice(1, -1));
      expect(results).not.toContain(JSON.stringify(path.join(project, "sub")).slice(1, -1));
    });

    it("row 3: pushd/popd joined to an allowed command asks (a denial in -p) as in Claude Code; each alone runs", async () => {
      const { results } = await withSettings("n8n-io__n8n/.claude/settings.json", "project", {
        turns: [bash("pushd sub && pnpm build && popd"), bash("pushd sub"), { content: "done" }],
      });
      const [joined, alone] = toolResults(results);
      expect(joined).toContain("Permission to use Bash");
      expect(joined).not.toContain("not found");
      expect(alone).toContain("/sub");
    });

    it("row 60: Bash(source:*) runs the sourcing alone, but not the commands joined after it", async () => {
      const { results } = await withSettings(
        "coleam00__context-engineering-intro/.claude/settings.local.json",
        "local",
        {
          turns: [
            bash("source venv/bin/activate && pytest"),
            bash("source venv/bin/activate"),
            { content: "done" },
          ],
        },
      );
      const [joined, alone] = toolResults(results);
      expect(joined).toContain("Permission to use Bash");
      expect(joined).not.toContain("No such file");
      expect(alone).toContain("venv/bin/activate: No such file");
    });

    // Known differences, asserted as keel behaves so that a change is noticed.
    it("row 106 (known difference): an exact rule holding an unquoted glob runs when bash passes the rule's own words (no file matches the glob); Claude Code refuses", async () => {
      const { results } = await withSettings(
        "JeromeIbanez__boses/.claude/settings.local.json",
        "local",
        {
          turns: [bash("find . -name alembic -not -path */node_modules/*"), { content: "done" }],
        },
      );
      expect(toolResults(results)[0]).not.toContain("Permission to use Bash");
    });

    it("row 13 (known difference): model sonnet is claude-sonnet-5 in keel, claude-sonnet-5-5 in Claude Code (no price or window for it in reference/models.md)", async () => {
      const { bodies } = await withSettings(
        "centminmod__my-claude-code-setup/.claude/settings.json",
        "project",
        ONE_ANSWER,
      );
      expect(bodies[0]?.model).toBe("claude-sonnet-5");
    });

    it('row 45 (known difference): ask: ["Bash"] asks for read-only ls too (contracts §6: an ask rule that matches wins over the read-only grant), a denial in -p; Claude Code runs it', async () => {
      const { results } = await withSettings(
        "anthropics__claude-code/examples/settings/settings-strict.json",
        "project",
        { turns: [bash("ls"), { content: "done" }] },
      );
      expect(results).toContain("Bash");
      expect(results).toMatch(/is_error\\?":true/);
    });
  },
);
