/** The message and event types every layer shares, and pure helpers over them. */
export * from "./api.js";
export * from "./api-payload.js";
export * from "./content.js";
export * from "./events.js";
export * from "./factories.js";
export * from "./messages.js";
export * from "./usage.js";
