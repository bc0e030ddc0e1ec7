/** What the model is told about Write (our own words). */
export const WRITE_DESCRIPTION = `Creates a file, or replaces an existing file's whole content.

- file_path should be absolute; a relative path is taken from the working folder. Missing parent folders are created.
- To overwrite an existing file you must have read all of it with Read earlier in the conversation, and it must not have changed since; otherwise the write is refused and you are asked to read it again.
- For a change to part of a file, use Edit: it sends only the changed text.
- Do not create documentation or README files unless the user asked for them.
- The file keeps its encoding (UTF-8, UTF-8 with a byte-order mark, UTF-16); the content is written exactly as given.`;
