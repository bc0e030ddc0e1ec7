import type { Attachment } from "../../../src/protocol/messages.js";
import type { AttachmentSource } from "../../../src/session/attachments/sources.js";

/** A source that adds a system reminder with the given text. */
export function saying(text: string): AttachmentSource {
  return async () => [{ type: "system_reminder", content: text }];
}

/** A source that fails. */
export function failing(message: string): AttachmentSource {
  return async () => {
    throw new Error(message);
  };
}

/** A source that never finishes, and records whether it was told to stop. */
export function hanging(): AttachmentSource & { sawAbort: () => boolean } {
  let aborted = false;
  const source: AttachmentSource = (pass) => {
    pass.signal.addEventListener("abort", () => {
      aborted = true;
    });
    return new Promise<readonly Attachment[]>(() => {});
  };
  return Object.assign(source, { sawAbort: () => aborted });
}

/** The text of each system reminder, in order. */
export function reminderTexts(attachments: readonly Attachment[]): string[] {
  return attachments.map((a) => (a.type === "system_reminder" ? a.content : `<${a.type}>`));
}
