// One of several processes racing on one task list: creates tasks, then claims every task it
// can, and prints what it created and claimed as JSON (task-list-store.test.ts runs two).
import { TaskListStore } from "../../src/task-list/task-list-store.js";

const [dir = "", owner = "", count = "0"] = process.argv.slice(2);
const store = new TaskListStore(dir, { retries: 200, minTimeoutMs: 1, maxTimeoutMs: 20 });
const created: string[] = [];
for (let i = 0; i < Number(count); i += 1) {
  created.push((await store.create({ subject: `${owner} ${i}`, description: "race" })).id);
}
const claimed: string[] = [];
for (let pass = 0; pass < 2; pass += 1) {
  for (const task of await store.list()) {
    const outcome = await store.claim(task.id, owner);
    if (outcome.ok && !claimed.includes(task.id)) claimed.push(task.id);
  }
}
process.stdout.write(JSON.stringify({ created, claimed }));
