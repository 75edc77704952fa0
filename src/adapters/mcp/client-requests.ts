/**
 * `ctx.elicit` and `ctx.sample` over MCP: a tool's request to the client, sent as
 * `elicitation/create` or `sampling/createMessage` related to its `tools/call` (so a
 * transport with a stream per request sends it there), stopped by the call's signal.
 * Where it cannot be sent (stateless HTTP, whose client's answer would reach another
 * server; a client without the capability) it fails at once with a `ClientRequestError`.
 *
 * @module
 */
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CreateMessageRequestParams } from "@modelcontextprotocol/sdk/types.js";
import { ClientRequestError, type ClientRequestKind } from "toolwright";
import type {
  Elicit,
  ElicitOutcome,
  ElicitRequest,
  Sample,
  SampleRequest,
  SampleResult,
} from "../../core/client-requests";
import { messageOf } from "../../core/describe";
import type { SchemaIssue } from "../../zod/schema";
import { asksForms, type WaitingCall } from "./approval";
import { formSchemaOf } from "./form-schema";

const STATELESS =
  "this server cannot ask the client over stateless HTTP (its answer would reach another server); serve over stdio, or over HTTP with sessions: true";

/** The `ctx.elicit` of one call. */
export function elicitFor(call: WaitingCall): Elicit {
  // The content is parsed by the request's own schema: typed as its output for the tool.
  const ask = (request: ElicitRequest): Promise<ElicitOutcome<unknown>> => elicit(call, request);
  return ask as unknown as Elicit;
}

/** The `ctx.sample` of one call. */
export function sampleFor(call: WaitingCall): Sample {
  return (request) => sample(call, request);
}

/**
 * Sends one request to the client, once the transport and the client can carry it:
 * `missing` is why the client cannot (its capability), `undefined` when it can. A failed
 * exchange is a `ClientRequestError` of reason `"failed"`, the error its `cause`.
 */
async function ask<T>(
  kind: ClientRequestKind,
  call: WaitingCall,
  missing: string | undefined,
  send: (options: RequestOptions) => Promise<T>,
): Promise<T> {
  if (!call.clientRequests) throw new ClientRequestError(kind, "unsupported", STATELESS);
  if (missing !== undefined) throw new ClientRequestError(kind, "unsupported", missing);
  try {
    return await send({ signal: call.signal, relatedRequestId: call.info.requestId });
  } catch (error) {
    const message = `the client did not answer: ${messageOf(error)}`;
    throw new ClientRequestError(kind, "failed", message, { cause: error });
  }
}

async function elicit(call: WaitingCall, request: ElicitRequest): Promise<ElicitOutcome<unknown>> {
  const { message, schema } = request ?? ({} as ElicitRequest);
  if (typeof message !== "string") {
    throw new TypeError(`ctx.elicit: message must be a string, received ${typeof message}`);
  }
  const requestedSchema = formSchemaOf(schema);
  const missing = asksForms(call.server)
    ? undefined
    : "the client did not declare form elicitation";
  const result = await ask("elicit", call, missing, (options) =>
    call.server.elicitInput({ mode: "form", message, requestedSchema }, options),
  );
  if (result.action !== "accept") return { action: result.action };
  // formSchemaOf took it as a Zod object, Zod 3's or Zod 4's: both parse with safeParseAsync.
  const parsed = await (schema as unknown as Parses).safeParseAsync(result.content ?? {});
  if (!parsed.success) {
    const why = `the answer does not match the schema: ${issuesText(parsed.error.issues)}`;
    throw new ClientRequestError("elicit", "invalid-response", why, { cause: parsed.error });
  }
  return { action: "accept", content: parsed.data };
}

async function sample(call: WaitingCall, request: SampleRequest): Promise<SampleResult> {
  const params = sampleParams(request);
  const capable = call.server.getClientCapabilities()?.sampling !== undefined;
  const missing = capable ? undefined : "the client did not declare sampling";
  const result = await ask("sample", call, missing, (options) =>
    call.server.createMessage(params, options),
  );
  const content = result.content as unknown;
  const block = (Array.isArray(content) ? content[0] : content) as
    | { type?: unknown; text?: unknown }
    | undefined;
  return {
    text: block?.type === "text" ? String(block.text) : undefined,
    content,
    model: result.model,
    ...(result.stopReason !== undefined && { stopReason: result.stopReason }),
  };
}

interface Parses {
  safeParseAsync(
    value: unknown,
  ): Promise<
    | { success: true; data: unknown }
    | { success: false; error: Error & { issues: readonly SchemaIssue[] } }
  >;
}

/** `path: message` for each issue, as a user reads which field was wrong. */
function issuesText(issues: readonly SchemaIssue[]): string {
  return issues
    .map(
      (issue) =>
        `${issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : ""}${issue.message}`,
    )
    .join("; ");
}

/** The `sampling/createMessage` params for `request`; a `TypeError` names what is wrong. */
function sampleParams(request: SampleRequest): CreateMessageRequestParams {
  const { messages, maxTokens, systemPrompt, temperature, stopSequences } =
    request ?? ({} as SampleRequest);
  if (!Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new TypeError(
      `ctx.sample: maxTokens must be a whole number above 0, received ${String(maxTokens)}`,
    );
  }
  const list =
    typeof messages === "string" ? [{ role: "user" as const, text: messages }] : messages;
  if (!Array.isArray(list) || list.length === 0) {
    throw new TypeError(
      "ctx.sample: messages must be a prompt or a non-empty array of { role, text }",
    );
  }
  return {
    messages: list.map(({ role, text }) => ({
      role,
      content: { type: "text", text: String(text) },
    })),
    maxTokens,
    ...(systemPrompt !== undefined && { systemPrompt }),
    ...(temperature !== undefined && { temperature }),
    ...(stopSequences !== undefined && { stopSequences: [...stopSequences] }),
  };
}
