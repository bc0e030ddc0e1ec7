// The offline demo: starts keel's scripted model server on 127.0.0.1, points keel at it as if it
// were the Anthropic API, and runs one headless turn in this repository, showing each tool call
// as it happens. No network, no API key needed.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const cli = new URL("../dist/cli.js", import.meta.url).pathname;
const root = new URL("..", import.meta.url).pathname;
const scenario = new URL("../examples/scenarios/demo.json", import.meta.url).pathname;
const prompt = process.argv.slice(2).join(" ") || "Who are you, and what am I looking at?";

const server = spawn(process.execPath, [cli, "scripted-server", scenario], {
  stdio: ["ignore", "pipe", "inherit"],
});
const firstLine = await new Promise((resolve, reject) => {
  createInterface({ input: server.stdout }).once("line", resolve);
  server.once("exit", (code) => reject(new Error(`scripted-server exited with ${code}`)));
});
const url = /listening on (\S+)/.exec(firstLine)?.[1];
if (!url) throw new Error(`unexpected first line from scripted-server: ${firstLine}`);

console.log(`$ keel -p "${prompt}"    # against the scripted model at ${url}\n`);
const keel = spawn(process.execPath, [cli, "-p", prompt, "--output-format", "stream-json"], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: "scripted-demo" },
});

/** One line per tool call and result, then the answer: what stream-json carries, for people. */
function show(message) {
  if (message.type === "assistant") {
    for (const block of message.message.content) {
      if (block.type === "tool_use")
        console.log(`  → ${block.name} ${JSON.stringify(block.input)}`);
    }
  } else if (message.type === "user" && Array.isArray(message.message.content)) {
    for (const block of message.message.content) {
      if (block.type !== "tool_result") continue;
      const text =
        typeof block.content === "string" ? block.content : JSON.stringify(block.content);
      const lines = text.split("\n");
      console.log(`  ← ${lines[0]}${lines.length > 1 ? ` (+${lines.length - 1} lines)` : ""}`);
    }
  } else if (message.type === "result") {
    console.log(`\n${message.result ?? message.errors?.join("\n")}`);
    console.log(`\n(${message.num_turns} model requests, ${message.duration_ms} ms)`);
  }
}

for await (const line of createInterface({ input: keel.stdout })) {
  if (line.trim()) show(JSON.parse(line));
}
const code = await new Promise((resolve) => {
  if (keel.exitCode !== null) resolve(keel.exitCode);
  else keel.once("exit", (c) => resolve(c ?? 1));
});
server.kill("SIGTERM");
process.exitCode = code;
