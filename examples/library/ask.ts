// keel as a library: one question to the agent, with its built-in tools and the folder's
// settings. Needs ANTHROPIC_API_KEY (or ANTHROPIC_BASE_URL pointing at `keel scripted-server`).
import { ask } from "keel";

const { result } = await ask({
  prompt: "Which files under src mention TODO? One line each.",
  cwd: process.cwd(),
  onMessage: (message) => {
    if (message.type === "assistant") process.stdout.write(".");
  },
});
console.log(`\n${result.result ?? result.errors?.join("\n")}`);
console.log(`${result.num_turns} model requests, $${result.total_cost_usd.toFixed(4)}`);
