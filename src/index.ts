/**
 * toolwright: typed authoring of the tools LLM agents call.
 *
 * - `defineTool` / `definePlay`: tools and plays whose arguments are inferred from
 *   `parameters` and whose results are checked against `returns`, with `controls`
 *   (approval, time limits, strict inputs, failure texts) that hold wherever they run.
 * - `toolbox` / `playbook` / `capability`: the containers; `Toolbox.execute` and
 *   `Playbook.execute` call through the one pipeline, which parses arguments once and
 *   names every failure.
 * - `toolSet`: one flat namespace over many capabilities, for hosts: every failure as
 *   data, approval requests to resume, a recorder, the content a model reads.
 * - `lintModelFacingSchema`: what a provider's conversion path cannot represent
 *   (re-exported from `toolwright/lint`, which has the rest of the linter).
 *
 * The CI sweep lives in `toolwright/check`; each host adapter in its own subpath
 * (`toolwright/mcp`, `/openai`, `/anthropic`, `/gemini`, `/ai-sdk`).
 *
 * @module
 */
export {
  type LintDialect,
  type LintOptions,
  type LintRuleCode,
  type LintSeverity,
  type LintSide,
  type LoweringChange,
  type LoweringChangeKind,
  lintModelFacingSchema,
  type SchemaLintFinding,
} from "toolwright/lint";
export type { DecodedCall, Listing, RunOptions, ToolAdapter } from "./adapters/contract";
export type { ApprovalCheck, CallControls, FailedCall, FormatError } from "./call/controls";
export {
  type ApprovalDecision,
  type ApprovalHandler,
  type ApprovalRequest,
  type CallFailure,
  type CallFailureKind,
  type CallOutcome,
  type CallPending,
  isPending,
  type SettledFailureKind,
} from "./call/outcome";
export type { CallAccess, ToolCallRecord } from "./call/stages/recording";
export type { ArgsOf, CallTypes, ResultOf, Typed } from "./core/call-types";
export {
  Capability,
  type CapabilityConfig,
  type CapabilityTool,
  capability,
  type TypedCapability,
} from "./core/capability";
export type {
  ElicitOutcome,
  ElicitRequest,
  SampleMessage,
  SampleRequest,
  SampleResult,
} from "./core/client-requests";
export {
  ApprovalRequiredError,
  type CallableKind,
  ClientRequestError,
  type ClientRequestFailure,
  type ClientRequestKind,
  ClientToolError,
  PartialResultError,
  SchemaProjectionError,
  ScopeUnavailableError,
  ScopeValidationError,
  StrictSchemaError,
  type StrictTarget,
  ToolArgumentsError,
  ToolError,
  ToolForbiddenError,
  ToolOutputError,
  ToolTimeoutError,
  ToolwrightError,
  type ToolwrightErrorCode,
  UnknownToolError,
} from "./core/errors";
export { Manual, type ManualSection, TextManual } from "./core/manual";
export { ManualToolbox } from "./core/manual-toolbox";
export type {
  AudioPart,
  ContentPart,
  ImagePart,
  ModelOutput,
  ResourceLinkPart,
  ResourcePart,
  TextPart,
} from "./core/model-output";
export {
  definePlay,
  type Play,
  type PlayConfig,
  type PlayDefinition,
} from "./core/play-definition";
export { Playbook, type PlayError, type PlaySchema, playbook } from "./core/playbook";
export type { Principal } from "./core/principal";
export { projectParameters, projectReturns } from "./core/projection";
export { readScope, requireScope } from "./core/run-scope";
export {
  type ScopeInput,
  type ScopeItem,
  type ScopeItems,
  type ScopeOf,
  type ScopeValues,
  SessionScope,
} from "./core/session-scope";
export {
  defineTool,
  type LogLevel,
  type MaybePromise,
  type NoReturns,
  type ObjectSchemaOrRawShape,
  type ResultHint,
  type ReturnsInput,
  type StreamedResultHint,
  type Tool,
  type ToolAnnotations,
  type ToolConfig,
  type ToolDefinition,
  type ToolEvent,
  type ToolExecution,
  type ToolExecutionContext,
  type ToolStream,
} from "./core/tool-definition";
export { Toolbox, type ToolSchema, toolbox } from "./core/toolbox";
export type { PlayRecord, TypedPlaybook } from "./core/typed-playbook";
export type { ToolRecord, TypedToolbox } from "./core/typed-toolbox";
export type {
  CallableRecord,
  CapabilityCallables,
  ManualTools,
  ToolSetCallables,
} from "./set/callables";
export type { ContractTarget } from "./set/contract/contract-listing";
export type { ToolContract } from "./set/contract/listing-changes";
export {
  type ApprovalPolicy,
  type ApprovalQuery,
  type SetControls,
  type ToolCallRequest,
  type ToolLogEntry,
  type ToolSet,
  type ToolSetEntry,
  type ToolSetEntryKind,
  type ToolSetOptions,
  type ToolSetSchema,
  toolSet,
  type VisibilityQuery,
} from "./set/tool-set";
export {
  type JsonSchema,
  type JsonSchemaOptions,
  type JsonSchemaTarget,
  type SchemaSide,
  toJsonSchema,
  type Unrepresentable,
} from "./zod/json-schema";
export type {
  AnySchema,
  SchemaError,
  SchemaInput,
  SchemaIssue,
  SchemaOutput,
  Zod3Schema,
  Zod4Schema,
} from "./zod/schema";
