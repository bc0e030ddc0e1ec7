import type { SdkMessage } from "../../session/sdk-messages.js";
import type { ReplEngine } from "./repl-session.js";

/**
 * The engine as the REPL draws it: each turn's messages pass through `displayed`
 * (MessageDisplay hooks); everything else is the engine itself.
 */
export function withDisplayedTurns<E extends ReplEngine>(
  engine: E,
  displayed: (messages: AsyncIterable<SdkMessage>) => AsyncIterable<SdkMessage>,
): E {
  const submitMessage: ReplEngine["submitMessage"] = async function* (prompt, options) {
    yield* displayed(engine.submitMessage(prompt, options));
  };
  return new Proxy(engine, {
    get(target, key) {
      if (key === "submitMessage") return submitMessage;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
