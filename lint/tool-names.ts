/** The tool names each provider path accepts: data, one rule per dialect. */
import type { LintDialect, ToolSetRuleCode } from "./types.js";

/** What a provider path requires of a tool name, and what it does with one that breaks it. */
export interface ToolNameRule {
  readonly pattern: RegExp;
  /** The rule in words, for messages. */
  readonly allowed: string;
  /** `invalid-tool-name` when the provider rejects the request, `nonconforming-tool-name` when a host only warns. */
  readonly code: Extract<ToolSetRuleCode, "invalid-tool-name" | "nonconforming-tool-name">;
  /** Where the rule is documented. */
  readonly source: string;
}

const OPENAI: ToolNameRule = {
  pattern: /^[a-zA-Z0-9_-]{1,64}$/,
  allowed: "1 to 64 letters, digits, underscores or dashes",
  code: "invalid-tool-name",
  source:
    "OpenAI FunctionDefinition.name: 'Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64' (openai resources/shared.d.ts)",
};

const ANTHROPIC: ToolNameRule = {
  ...OPENAI,
  source: "Anthropic tool name: ^[a-zA-Z0-9_-]{1,64}$ (Messages API, tools[].name)",
};

// The Gemini API's typings (@google/genai 2 and 3) allow 128 characters; Vertex AI documents
// 64. The SDK sends to both, so the stricter limit holds.
const GEMINI: ToolNameRule = {
  pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  allowed:
    "a letter or underscore first, then letters, digits, underscores, dots, colons or dashes, 64 at most",
  code: "invalid-tool-name",
  source:
    "Vertex AI FunctionDeclaration.name: 'Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 64' (@google/genai's typings say 128 for the Gemini API)",
};

const MCP: ToolNameRule = {
  pattern: /^[A-Za-z0-9._-]{1,128}$/,
  allowed: "1 to 128 letters, digits, underscores, dashes or dots",
  code: "nonconforming-tool-name",
  source:
    "MCP 2025-11-25 (SEP-986): tool names SHOULD be 1 to 128 of [A-Za-z0-9_.-]; the SDK's registerTool warns and proceeds (shared/toolNameValidation.js)",
};

/** Dialect → the tool-name rule of its provider. */
export const TOOL_NAME_RULES: Readonly<Record<LintDialect, ToolNameRule>> = Object.freeze({
  "gemini-bifrost": GEMINI,
  openai: OPENAI,
  "openai-strict": OPENAI,
  gemini: GEMINI,
  "anthropic-strict": ANTHROPIC,
  "openai-non-strict": OPENAI,
  anthropic: ANTHROPIC,
  "gemini-json-schema": GEMINI,
  mcp: MCP,
});
