/**
 * What a tool may ask the client while it runs: its user, through a form
 * (`ctx.elicit`), or its model (`ctx.sample`). An MCP server carries both where the
 * transport and the client can; elsewhere they fail with a `ClientRequestError`.
 *
 * @module
 */
import type { AnySchema, SchemaOutput } from "../zod/schema";

/**
 * A form to show the client's user: a message, and a Zod object of flat fields
 * (strings, with `email`, `uri`, `date` or `date-time` formats and lengths; numbers and
 * integers, with bounds; booleans; enums, single- or multi-select, titled through
 * `.meta({ title })` on literals), each optional or with a default as the schema says.
 */
export interface ElicitRequest<S extends AnySchema = AnySchema> {
  readonly message: string;
  readonly schema: S;
}

/** The user's answer: the form's content, parsed by the schema, or a decline or a cancel. */
export type ElicitOutcome<T> =
  | { readonly action: "accept"; readonly content: T }
  | { readonly action: "decline" }
  | { readonly action: "cancel" };

/** One message of a conversation to sample. */
export interface SampleMessage {
  readonly role: "user" | "assistant";
  readonly text: string;
}

/** What to ask the client's model. */
export interface SampleRequest {
  /** The conversation: a prompt as one user message, or messages in order. */
  readonly messages: string | readonly SampleMessage[];
  /** The most tokens to sample. */
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
}

/** The client model's answer. */
export interface SampleResult {
  /** Its text; `undefined` when it answered with something else (see `content`). */
  readonly text: string | undefined;
  /** The content block as the client sent it. */
  readonly content: unknown;
  /** The model that answered, as the client names it. */
  readonly model: string;
  readonly stopReason?: string;
}

/** `ctx.elicit`: asks the user to fill in `request.schema`; typed by the schema's output. */
export type Elicit = <S extends AnySchema>(
  request: ElicitRequest<S>,
) => Promise<ElicitOutcome<SchemaOutput<S>>>;

/** `ctx.sample`: asks the client's model. */
export type Sample = (request: SampleRequest) => Promise<SampleResult>;
