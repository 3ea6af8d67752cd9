// Moved to tools/fake-foundry.mjs (the build's guide check loads the entry with it too).
export * from "../../../tools/fake-foundry.mjs";
