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
export { type CapabilityConfig, type CapabilityTool, Capability, capability } from "./capability";
export { ToolArgumentsError, ToolOutputError, UnknownToolError } from "./errors";
export {
  type JsonSchema,
  type JsonSchemaOptions,
  type JsonSchemaTarget,
  projectParameters,
  projectReturns,
  type SchemaSide,
  SchemaProjectionError,
  toJsonSchema,
} from "./json-schema";
export { Manual, type ManualSection, TextManual } from "./manual";
export { ManualToolbox } from "./manual-toolbox";
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
export { type ToolSchema, Toolbox, toolbox } from "./toolbox";
export type { AnySchema, SchemaInput, SchemaOutput, Zod3Schema, Zod4Schema } from "./zod-seam";
