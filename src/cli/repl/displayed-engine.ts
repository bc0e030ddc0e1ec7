import type { SdkMessage } from "../../session/sdk-messages.js";
import type { ReplEngine } from "./repl-session.js";

type Displayed = (messages: AsyncIterable<SdkMessage>) => AsyncIterable<SdkMessage>;

async function* through(
  messages: AsyncIterable<SdkMessage>,
  displayed: Displayed,
): AsyncGenerator<SdkMessage, void, undefined> {
  yield* displayed(messages);
}

/**
 * The engine as the REPL draws it: each turn's messages, typed or not (a background task's
 * end), pass through `displayed` (MessageDisplay hooks); everything else is the engine itself.
 */
export function withDisplayedTurns<E extends ReplEngine>(engine: E, displayed: Displayed): E {
  const submitMessage: ReplEngine["submitMessage"] = (prompt, options) =>
    through(engine.submitMessage(prompt, options), displayed);
  const subscribe = engine.onUnpromptedTurn?.bind(engine);
  const onUnpromptedTurn: ReplEngine["onUnpromptedTurn"] = subscribe
    ? (handler) =>
        subscribe((turn) => handler({ ...turn, messages: through(turn.messages, displayed) }))
    : undefined;
  return new Proxy(engine, {
    get(target, key) {
      if (key === "submitMessage") return submitMessage;
      if (key === "onUnpromptedTurn") return onUnpromptedTurn;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
