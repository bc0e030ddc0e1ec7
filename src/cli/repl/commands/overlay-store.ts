import { Store } from "../repl-store.js";
import type { OverlayState, PickerOption } from "./overlay.js";

/** The picker and the input-box draft, as a store the App reads. */
export class OverlayStore extends Store<OverlayState> {
  private nextId = 1;

  constructor() {
    super({});
  }

  /**
   * Opens a picker (`selected` first, if given); choosing or Esc closes it before `choose` (or
   * `back`, Esc's own step, if given) runs.
   */
  open(
    title: string,
    options: readonly PickerOption[],
    choose: (index: number) => void,
    selected?: number,
    back?: () => void,
  ): void {
    const id = this.nextId++;
    const close = () => this.update((o) => (o.picker?.id === id ? { ...o, picker: undefined } : o));
    const picker = {
      id,
      title,
      options,
      ...(selected === undefined ? {} : { selected }),
      choose: (index: number) => {
        close();
        choose(index);
      },
      cancel: () => {
        close();
        back?.();
      },
    };
    this.update((o) => ({ ...o, picker }));
  }

  /** Puts text into the input box (tagged, so the App applies each draft once). */
  draft(text: string): void {
    this.update((o) => ({ ...o, draft: { id: this.nextId++, text } }));
  }
}
