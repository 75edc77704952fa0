/**
 * toolwright: typed authoring of the tools LLM agents call.
 *
 * - `defineTool` / `definePlay`: tools and plays whose arguments are inferred from
 *   `parameters` and whose results are checked against `returns`.
 * - `toolbox` / `playbook` / `capability`: the containers, and the boundary where
 *   arguments are parsed once and failures are named.
 * - `lintModelFacingSchema`: what a provider's conversion path cannot represent.
 *
 * @module
 */
export * from "../lint/index";
export { Capability, type CapabilityConfig, type CapabilityTool, capability } from "./capability";
export * from "./check/index";
export { ToolArgumentsError, ToolOutputError, UnknownToolError } from "./errors";
export {
  type CallableKind,
  type JsonSchema,
  type JsonSchemaOptions,
  type JsonSchemaTarget,
  projectParameters,
  projectReturns,
  SchemaProjectionError,
  type SchemaSide,
  toJsonSchema,
  type Unrepresentable,
} from "./json-schema";
export { Manual, type ManualSection, TextManual } from "./manual";
export { ManualToolbox } from "./manual-toolbox";
export {
  type OpenAIStrictSchema,
  openAIStrictParameters,
  StrictSchemaError,
  toOpenAIStrict,
} from "./openai-strict";
export { definePlay, type PlayConfig, type PlayDefinition } from "./play-definition";
export { Playbook, type PlayError, type PlaySchema, playbook } from "./playbook";
export { readScope, requireScope, ScopeUnavailableError } from "./run-scope";
export {
  type ScopeInput,
  type ScopeItem,
  type ScopeItems,
  type ScopeOf,
  ScopeValidationError,
  type ScopeValues,
  SessionScope,
} from "./session-scope";
export {
  defineTool,
  type MaybePromise,
  type ReturnsInput,
  type ToolAnnotations,
  type ToolConfig,
  type ToolDefinition,
  type ToolEvent,
  type ToolExecutionContext,
} from "./tool-definition";
export {
  type CallOutcome,
  type ToolCallRecord,
  type ToolCallRequest,
  type ToolSet,
  type ToolSetEntry,
  type ToolSetEntryKind,
  type ToolSetOptions,
  type ToolSetSchema,
  toolSet,
} from "./tool-set";
export { Toolbox, type ToolSchema, toolbox } from "./toolbox";
export type { AnySchema, SchemaInput, SchemaOutput, Zod3Schema, Zod4Schema } from "./zod-seam";
