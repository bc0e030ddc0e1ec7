/** Session transcripts: JSONL writing and reading, resume, fork and trace. */
export * from "./chain.js";
export * from "./display-record.js";
export * from "./entry.js";
export * from "./envelope.js";
export * from "./fork.js";
export * from "./latest-session.js";
export * from "./paths.js";
export * from "./reader.js";
export * from "./repair.js";
export * from "./shown-conversation.js";
export * from "./trace.js";
export * from "./writer.js";
