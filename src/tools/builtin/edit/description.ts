/** What the model is told about Edit (our own words). */
export const EDIT_DESCRIPTION = `Replaces text in a file: old_string becomes new_string.

- Read the file with Read earlier in the conversation first; an edit of a file you have not read, or of a file that changed since you read it, is refused.
- old_string must match the file exactly, indentation included. Copy it from Read's output without the line-number prefix (the number, then a tab).
- old_string must occur exactly once: include enough surrounding lines to make it unique, or set replace_all to replace every occurrence (useful for renaming).
- If old_string is not found, the error shows the most similar lines of the file so you can correct it.
- An empty old_string creates a file that does not exist yet.
- The file keeps its line endings (LF or CRLF) and encoding; write line breaks as \\n.
- Prefer editing existing files to creating new ones.`;
