import type { CliSession } from "./cli-session-types.js";
import type { SwitchableModel } from "./control/model-switch.js";
import { modelSwitchChange } from "./model-switch-change.js";

/**
 * A person's or program's switch of the main model: PreModelSwitch hooks may refuse it (their
 * reason returned; a hook's `ask` refuses too, as no one is asked to confirm a switch), else it
 * is made and PostModelSwitch hooks are told.
 */
export async function switchWithHooks(
  models: SwitchableModel,
  session: Pick<CliSession, "engine" | "modelSwitchHooks">,
  want: { to: string; requested: string | null; source: "command" | "picker" | "sdk" },
): Promise<string | undefined> {
  const change = modelSwitchChange({
    from: models.current(),
    to: want.to,
    requested: want.requested,
    source: want.source,
    messages: session.engine.messages,
    now: new Date(),
  });
  const hooks = session.modelSwitchHooks;
  const refused = await hooks.preModelSwitch({ ...change, source: want.source });
  if (refused !== undefined) return refused;
  models.set(want.requested === null ? undefined : want.to);
  await hooks.postModelSwitch(change);
  return undefined;
}
