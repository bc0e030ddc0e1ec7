// The offline demo: starts keel's scripted model server on 127.0.0.1, points keel at it as if it
// were the Anthropic API, and runs one headless turn. No network, no API key needed.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const cli = new URL("../dist/cli.js", import.meta.url).pathname;
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
const keel = spawn(process.execPath, [cli, "-p", prompt], {
  stdio: "inherit",
  env: { ...process.env, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: "scripted-demo" },
});
const code = await new Promise((resolve) => keel.once("exit", (c) => resolve(c ?? 1)));
server.kill("SIGTERM");
process.exitCode = code;
