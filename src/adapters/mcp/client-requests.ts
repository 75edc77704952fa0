/**
 * `ctx.elicit` and `ctx.sample` over MCP: a tool's request to the client, sent as
 * `elicitation/create` or `sampling/createMessage` related to its `tools/call` (so a
 * transport with a stream per request sends it there), stopped by the call's signal.
 * Where it cannot be sent (stateless HTTP, whose client's answer would reach another
 * server; a client without the capability) it fails at once with a `ClientRequestError`.
 *
 * @module
 */
import type { CreateMessageRequestParams } from "@modelcontextprotocol/sdk/types.js";
import { ClientRequestError } from "toolwright";
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
  "this server cannot ask the client over stateless HTTP (its answer would reach another server); serve over stdio";

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

async function elicit(call: WaitingCall, request: ElicitRequest): Promise<ElicitOutcome<unknown>> {
  const { message, schema } = request ?? ({} as ElicitRequest);
  if (typeof message !== "string") {
    throw new TypeError(`ctx.elicit: message must be a string, received ${typeof message}`);
  }
  const requestedSchema = formSchemaOf(schema);
  if (!call.clientRequests) throw new ClientRequestError("elicit", "unsupported", STATELESS);
  if (!asksForms(call.server)) {
    throw new ClientRequestError(
      "elicit",
      "unsupported",
      "the client did not declare form elicitation",
    );
  }
  let result: Awaited<ReturnType<WaitingCall["server"]["elicitInput"]>>;
  try {
    result = await call.server.elicitInput(
      { mode: "form", message, requestedSchema },
      { signal: call.signal, relatedRequestId: call.info.requestId },
    );
  } catch (error) {
    throw new ClientRequestError(
      "elicit",
      "failed",
      `the client did not answer: ${messageOf(error)}`,
      {
        cause: error,
      },
    );
  }
  if (result.action !== "accept") return { action: result.action };
  // formSchemaOf took it as a Zod object, Zod 3's or Zod 4's: both parse with safeParseAsync.
  const parsed = await (schema as unknown as Parses).safeParseAsync(result.content ?? {});
  if (!parsed.success) {
    const why = issuesText(parsed.error.issues);
    throw new ClientRequestError(
      "elicit",
      "invalid-response",
      `the answer does not match the schema: ${why}`,
      {
        cause: parsed.error,
      },
    );
  }
  return { action: "accept", content: parsed.data };
}

async function sample(call: WaitingCall, request: SampleRequest): Promise<SampleResult> {
  const params = sampleParams(request);
  if (!call.clientRequests) throw new ClientRequestError("sample", "unsupported", STATELESS);
  if (call.server.getClientCapabilities()?.sampling === undefined) {
    throw new ClientRequestError("sample", "unsupported", "the client did not declare sampling");
  }
  let result: Awaited<ReturnType<WaitingCall["server"]["createMessage"]>>;
  try {
    result = await call.server.createMessage(params, {
      signal: call.signal,
      relatedRequestId: call.info.requestId,
    });
  } catch (error) {
    throw new ClientRequestError(
      "sample",
      "failed",
      `the client did not answer: ${messageOf(error)}`,
      {
        cause: error,
      },
    );
  }
  const content = result.content as unknown;
  const block = Array.isArray(content) ? content[0] : content;
  const text =
    (block as { type?: unknown; text?: unknown } | undefined)?.type === "text"
      ? String((block as { text: unknown }).text)
      : undefined;
  return {
    text,
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
