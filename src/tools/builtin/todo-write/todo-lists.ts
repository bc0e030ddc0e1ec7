import type { TodoItem } from "./schema.js";

/** The list key of the main thread (a subagent's list is keyed by its agent id). */
export const MAIN_TODO_LIST = "main";

/** The todo lists of one session: one per thread, so a subagent's list never mixes with ours. */
export class TodoLists {
  private readonly lists = new Map<string, readonly TodoItem[]>();

  /** The current list of a thread (empty when it has none). */
  get(agentId: string | undefined): readonly TodoItem[] {
    return this.lists.get(agentId ?? MAIN_TODO_LIST) ?? [];
  }

  /**
   * Replaces a thread's list and returns the previous one. A list whose items are all
   * completed is finished work: it is dropped, so nothing keeps reminding of it.
   */
  replace(agentId: string | undefined, todos: readonly TodoItem[]): readonly TodoItem[] {
    const key = agentId ?? MAIN_TODO_LIST;
    const previous = this.get(agentId);
    const finished = todos.every((todo) => todo.status === "completed");
    if (finished) this.lists.delete(key);
    else
      this.lists.set(
        key,
        todos.map((todo) => ({ ...todo })),
      );
    return previous;
  }
}
