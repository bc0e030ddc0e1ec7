import type { QueryEvent } from "../../loop/events.js";

/**
 * The text of the answer block streaming now. A finished block becomes a message of its own,
 * so between blocks there is none; what is left when a turn is interrupted is the partial
 * block that contracts.md §5 drops from the history.
 */
export class PartialText {
  private text = "";

  observe(event: QueryEvent): void {
    switch (event.type) {
      case "message_start":
      case "content_block_start":
      case "content_block_stop":
        this.text = "";
        return;
      case "content_block_delta":
        if (event.delta.type === "text_delta") this.text += event.delta.text;
        return;
      default:
        return;
    }
  }

  /** The partial text ("" when no text block is open). */
  get value(): string {
    return this.text;
  }
}
