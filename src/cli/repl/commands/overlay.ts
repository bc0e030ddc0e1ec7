/** One line of a picker. */
export interface PickerOption {
  label: string;
  /** Dim text after the label (age, message count). */
  detail?: string;
}

/** A list the person picks from (/rewind, /resume); the picker owns the keyboard while open. */
export interface PickerSpec {
  id: number;
  title: string;
  options: readonly PickerOption[];
  /** The option selected as it opens (default the first): a list opened again keeps its place. */
  selected?: number;
  choose(index: number): void;
  cancel(): void;
}

/** Text the REPL puts into the input box (a rewound prompt), tagged so each is applied once. */
export interface Draft {
  id: number;
  text: string;
}

/** What the REPL draws over the prompt, besides the permission dialog. */
export interface OverlayState {
  picker?: PickerSpec;
  draft?: Draft;
}
