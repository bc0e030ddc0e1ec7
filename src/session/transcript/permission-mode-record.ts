import { z } from "zod";
import { PERMISSION_MODES, type PermissionMode } from "../../tools/context.js";
import type { TranscriptSink } from "../engine/config.js";
import type { TranscriptEntry } from "./entry.js";

/** The bookkeeping record that says which permission mode the messages after it ran in. */
export const PERMISSION_MODE_RECORD = "permission-mode";

const recordSchema = z.looseObject({
  type: z.literal(PERMISSION_MODE_RECORD),
  permissionMode: z.enum(PERMISSION_MODES),
});

/** The mode the last permission-mode record of a transcript names (a line keel cannot read is skipped). */
export function recordedPermissionMode(
  entries: readonly TranscriptEntry[],
): PermissionMode | undefined {
  let mode: PermissionMode | undefined;
  for (const entry of entries) {
    if (entry.kind !== "record") continue;
    const parsed = recordSchema.safeParse(entry.record);
    if (parsed.success) mode = parsed.data.permissionMode;
  }
  return mode;
}

/**
 * The transcript with the session's permission mode recorded: before a message is written
 * under a mode other than the one last recorded, a permission-mode record is written, so a
 * resumed session knows the mode its conversation was in. `recorded` is what the file says
 * already (a resumed session's), so nothing is repeated.
 */
export function withPermissionModeRecords(
  sink: TranscriptSink,
  mode: () => PermissionMode,
  sessionId: string,
  recorded?: PermissionMode,
): TranscriptSink {
  let written = recorded;
  return {
    ...sink,
    append(message) {
      const now = mode();
      if (message.type !== "progress" && now !== written && sink.appendRecord) {
        sink.appendRecord({ type: PERMISSION_MODE_RECORD, permissionMode: now, sessionId });
        written = now;
      }
      sink.append(message);
    },
  };
}
