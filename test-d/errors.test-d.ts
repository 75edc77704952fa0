import { expectAssignable, expectError, expectNotAssignable, expectType } from "tsd";
import {
  type SchemaProjectionError,
  type ScopeUnavailableError,
  type ScopeValidationError,
  ToolArgumentsError,
  ToolError,
  type ToolOutputError,
  ToolwrightError,
  type ToolwrightErrorCode,
  type UnknownToolError,
} from "..";
import type { StrictSchemaError } from "../dist/openai";

// Every error toolwright raises on purpose is a ToolwrightError with a literal code.
declare const caught: unknown;
if (caught instanceof ToolwrightError) {
  expectType<ToolwrightErrorCode>(caught.code);
  // Narrowing by class gives the kind's own fields.
  if (caught instanceof ToolArgumentsError) {
    expectType<"TOOL_ARGUMENTS">(caught.code);
    expectType<string>(caught.tool);
  }
}
expectType<"TOOL_OUTPUT">(({} as ToolOutputError).code);
expectType<"UNKNOWN_TOOL">(({} as UnknownToolError).code);
expectType<"SCHEMA_PROJECTION">(({} as SchemaProjectionError).code);
expectType<"SCOPE_UNAVAILABLE">(({} as ScopeUnavailableError).code);
expectType<"SCOPE_VALIDATION">(({} as ScopeValidationError).code);
expectType<"STRICT_SCHEMA">(({} as StrictSchemaError).code);
expectAssignable<ToolwrightError>({} as StrictSchemaError);

// The codes are a closed set.
expectAssignable<ToolwrightErrorCode>("TOOL_ARGUMENTS");
expectError<ToolwrightErrorCode>("TOOL_ARGS");

// The base is abstract: only its kinds are constructed.
// @ts-expect-error Cannot create an instance of an abstract class.
new ToolwrightError("x");

// A tool's own failure for the model: an Error whose message is the text, with an
// optional cause; not a ToolwrightError (it has no code), and it needs its text.
const toolError = new ToolError("NOT_FOUND: no such user", { cause: new Error("404") });
expectAssignable<Error>(toolError);
expectType<"ToolError">(toolError.name);
expectNotAssignable<ToolwrightError>(toolError);
// @ts-expect-error Expected 1-2 arguments, but got 0.
new ToolError();
expectError(new ToolError(404));
