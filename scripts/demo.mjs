// The offline demo (`npm run demo`): seed 000's end-to-end example, "find all TODOs under src
// and fix the first", run through the real keel CLI against keel's scripted model server on
// 127.0.0.1. Only the model is canned: the HTTP, the official SDK, the query loop, the tools,
// the files and `npm test` are real. The example project is copied to a temporary folder first,
// so examples/demo-project is never changed.
// Usage: node scripts/demo.mjs [--keep]   (--keep leaves the temporary folder for a look)
// KEEL_DEMO_CLI names another build of the CLI to run (the tests use their own build).
import { spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const exampleProject = join(root, "examples/demo-project");
const scenario = join(root, "examples/scenarios/demo.json");
const prompt = "Find all TODOs under src and fix the first";
// Exactly what the scripted fix needs, and no more: reads and searches inside the working
// folder need no rule in print mode; the edit and the test run do.
const allowedTools = ["Edit(src/**)", "Bash(npm test)"];
const keep = process.argv.includes("--keep");

/** The CLI to run: KEEL_DEMO_CLI, else dist/cli.js (built first when missing, as after a fresh clone). */
async function ensureCli() {
  if (process.env.KEEL_DEMO_CLI) return process.env.KEEL_DEMO_CLI;
  const cli = join(root, "dist/cli.js");
  if (existsSync(cli)) return cli;
  console.log("dist/ is missing: building keel first…");
  const { buildCli } = await import("./build.mjs");
  return buildCli();
}

/** A temporary folder with a copy of the example project and a fresh home for keel and npm. */
async function prepareFolder() {
  // realpath: on macOS the temp folder is a symlink, and keel reports real paths.
  const folder = realpathSync(await mkdtemp(join(tmpdir(), "keel-demo-")));
  const project = join(folder, "demo-shop");
  const home = join(folder, "home");
  await cp(exampleProject, project, { recursive: true });
  await mkdir(home);
  // The user's own HOME, keel settings, model and provider variables must not change the demo.
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    KEEL_CONFIG_DIR: join(home, ".keel"),
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
  };
  return { folder, project, env };
}

/** Runs a command to the end, collecting its output. */
function run(command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Starts `keel scripted-server` on an ephemeral port; resolves once it is listening. */
async function startServer(cli, env) {
  const server = spawn(process.execPath, [cli, "scripted-server", scenario], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  server.stderr.setEncoding("utf8").on("data", (chunk) => {
    stderr += chunk;
  });
  const firstLine = await new Promise((resolve, reject) => {
    createInterface({ input: server.stdout }).once("line", resolve);
    server.once("exit", (code) => reject(new Error(`scripted-server exited with ${code}`)));
  });
  const url = /listening on (\S+)/.exec(firstLine)?.[1];
  if (!url) throw new Error(`unexpected first line from scripted-server: ${firstLine}`);
  return { url, stderr: () => stderr, stop: () => server.kill("SIGTERM") };
}

/** The counts in the summary of `node --test` (TAP `# pass N` lines, or the spec reporter's). */
function testCounts(output) {
  const count = (name) => Number(new RegExp(`^(?:#|ℹ) ${name} (\\d+)`, "m").exec(output)?.[1]);
  return { tests: count("tests"), pass: count("pass"), fail: count("fail") };
}

/** Runs `npm test` in the copy and says how it went. */
async function npmTest(project, env) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = await run(npm, ["test"], {
    cwd: project,
    env,
    shell: process.platform === "win32",
  });
  const counts = testCounts(result.output);
  const passed = result.code === 0 && counts.fail === 0;
  return { passed, line: `${counts.tests} tests, ${counts.pass} pass, ${counts.fail} fail` };
}

/** Paths in the temporary copy, shown relative to it (as the user's own folder would be). */
function tidy(text, project) {
  return text.split(`${project}/`).join("");
}

/** A tool call as one line: the tool and the gist of its input. */
function callLine(name, input) {
  if (name === "Glob") return `Glob(${input.pattern})`;
  if (name === "Grep") return `Grep("${input.pattern}" in ${input.path ?? "."})`;
  if (name === "Read" || name === "Write") return `${name}(${input.file_path})`;
  if (name === "Edit") return `Edit(${input.file_path})`;
  if (name === "Bash") return `Bash(${input.command})`;
  return `${name}(${JSON.stringify(input)})`;
}

/** The lines that show what an Edit changed: removed lines, then added lines. */
function editLines(input) {
  const removed = input.old_string.split("\n").map((line) => `- ${line}`);
  const added = input.new_string.split("\n").map((line) => `+ ${line}`);
  return [...removed, ...added];
}

/** A tool result, short: a test run's summary, else its first lines. */
function resultLines(text) {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const summary = lines.filter((line) => /^(?:#|ℹ) (?:tests|pass|fail) \d+/.test(line));
  if (summary.length > 0) return [summary.join(" · ")];
  const shown = lines.slice(0, 4);
  if (lines.length > shown.length) shown.push(`… +${lines.length - shown.length} lines`);
  return shown;
}

/** Prints one stream-json message the way a person reads a conversation; returns tool facts. */
function show(message, project, facts) {
  if (message.type === "system" && message.subtype === "init") facts.sessionId = message.session_id;
  if (message.type === "assistant") {
    for (const block of message.message.content) {
      if (block.type === "text") console.log(`\n● ${block.text.replace(/\n(?=.)/g, "\n  ")}`);
      if (block.type !== "tool_use") continue;
      facts.calls.push(block.name);
      console.log(`\n● ${callLine(block.name, block.input)}`);
      if (block.name === "Edit")
        for (const line of editLines(block.input)) console.log(`    ${line}`);
    }
  } else if (message.type === "user" && Array.isArray(message.message.content)) {
    for (const block of message.message.content) {
      if (block.type !== "tool_result") continue;
      if (block.is_error) facts.failedCalls += 1;
      const text =
        typeof block.content === "string" ? block.content : JSON.stringify(block.content);
      const [first, ...rest] = resultLines(tidy(text, project).replaceAll("\t", "  "));
      console.log(`  ⎿ ${block.is_error ? "error: " : ""}${first ?? "(no output)"}`);
      for (const line of rest) console.log(`    ${line}`);
    }
  } else if (message.type === "result") {
    facts.result = message;
  }
}

/** Runs `keel -p` against the scripted server, printing the conversation as it streams. */
async function runAgent(cli, project, env, url) {
  const args = ["-p", prompt, "--output-format", "stream-json", "--allowedTools", ...allowedTools];
  const keel = spawn(process.execPath, [cli, ...args], {
    cwd: project,
    env: { ...env, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: "scripted-demo" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => keel.once("close", (code) => resolve(code ?? 1)));
  const facts = { sessionId: undefined, calls: [], failedCalls: 0, result: undefined };
  for await (const line of createInterface({ input: keel.stdout })) {
    if (line.trim()) show(JSON.parse(line), project, facts);
  }
  return { ...facts, code: await exited };
}

/** Asks the server what it saw: how many requests, and which broke the API's rules. */
async function serverState(url) {
  const response = await fetch(`${url}/_keel/state`);
  return response.json();
}

function banner() {
  console.log(`keel demo: "${prompt}", offline

The model is a script. keel's scripted model server replays examples/scenarios/demo.json,
a fix written in advance, so that you can watch the machinery: the keel CLI and its query
loop, the official Anthropic SDK talking HTTP to 127.0.0.1, real tools on real files (a
temporary copy of examples/demo-project) and a real \`npm test\`.
`);
}

/** Runs the conversation against a scripted server started for it; returns what happened. */
async function converse(cli, place) {
  const server = await startServer(cli, place.env);
  const quoted = allowedTools.map((rule) => `"${rule}"`).join(" ");
  console.log(`\n$ keel -p "${prompt}" --output-format stream-json --allowedTools ${quoted}`);
  console.log(`  (the model: the scripted server at ${server.url}. The two rules allow the edit`);
  console.log("  and the test run; reads and searches inside the folder need none.)\n");
  console.log(`> ${prompt}`);
  try {
    const agent = await runAgent(cli, place.project, place.env, server.url);
    const state = await serverState(server.url);
    const turns = agent.result?.num_turns ?? "?";
    console.log(`\n(${turns} model requests, ${agent.calls.length} tool calls)`);
    return { ...agent, state, serverStderr: server.stderr() };
  } finally {
    server.stop();
  }
}

/** Prints `keel trace` for the session: the transitions the loop took. */
async function showTrace(cli, place, sessionId) {
  console.log(`\nThe transitions the loop took ($ keel trace ${sessionId}):`);
  const trace = await run(process.execPath, [cli, "trace", String(sessionId)], {
    cwd: place.project,
    env: place.env,
  });
  console.log(trace.output.replace(/^/gm, "  ").trimEnd());
  return trace.code;
}

/** Everything that went wrong, as sentences (none when the demo worked). */
function problemsOf({ before, agent, traceCode, after }) {
  return [
    agent.code !== 0 && `keel exited with ${agent.code}`,
    agent.result?.is_error !== false && "the run did not end in success",
    agent.failedCalls > 0 && `${agent.failedCalls} tool calls failed`,
    traceCode !== 0 && `keel trace exited with ${traceCode}`,
    before.passed && "the tests passed before the fix (is the bug gone from the example?)",
    !after.passed && "the tests still fail",
    agent.state.violations.length > 0 && `invalid requests:\n${agent.serverStderr}`,
  ].filter(Boolean);
}

/** The demo's steps, in order; returns the exit code. */
async function demo(cli, place) {
  const before = await npmTest(place.project, place.env);
  console.log(`npm test in the copy, before: ${before.line}${before.passed ? "" : " (the bug)"}`);
  const agent = await converse(cli, place);
  const traceCode = await showTrace(cli, place, agent.sessionId);
  const after = await npmTest(place.project, place.env);
  console.log(`\nnpm test in the copy, after: ${after.line}`);
  const { requests, violations } = agent.state;
  console.log(`scripted server: ${requests} requests, ${violations.length} violations`);
  const problems = problemsOf({ before, agent, traceCode, after });
  for (const problem of problems) console.error(`demo failed: ${problem}`);
  if (problems.length === 0) console.log("\nThe tests pass now: the first TODO is fixed.");
  return problems.length === 0 ? 0 : 1;
}

const cli = await ensureCli();
banner();
const place = await prepareFolder();
try {
  process.exitCode = await demo(cli, place);
} finally {
  if (keep) console.log(`\nKept the temporary folder: ${place.project}`);
  else await rm(place.folder, { recursive: true, force: true });
}
