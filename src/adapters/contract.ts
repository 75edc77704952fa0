/**
 * The contract every host adapter implements, with the same four verbs in every adapter
 * folder (Hono's `getConnInfo`, one per runtime adapter, is the model; so are the AI SDK
 * providers' `prepareTools`, which all return one shape):
 *
 * - `list` the tools: the provider's tool list, the ledger of what lowering changed in
 *   each schema, and the lint dialect that describes what is sent;
 * - `decode` a provider's tool call into the name and arguments the set is called with;
 * - `encode` any outcome into the provider's result, through the set's content for a
 *   value (its tool's `toModelOutput`, within the set's `outputBudget`);
 * - `run`: decode, call the set, settle approval, encode.
 *
 * @module
 */
import type { LintDialect, LoweringChange } from "../../lint/index";
import {
  type ApprovalHandler,
  type CallFailure,
  type CallOutcome,
  callFailure,
} from "../call/outcome";
import { messageOf } from "../core/describe";
import type { ToolExecutionContext } from "../core/tool-definition";
import type { ToolSet } from "../set/types";
import { type ApprovalStrategy, asking, settle } from "./approval";

/** What an adapter lists: the provider's tools, the ledger, and the dialect to lint with. */
export interface Listing<Tools> {
  /** The tools, in the provider's own shapes, in the set's order. */
  readonly tools: Tools;
  /** What lowering changed in each tool's schema (empty where nothing is lowered). */
  readonly ledger: readonly LoweringChange[];
  /** The lint dialect under which a clean schema ships faithfully through this listing. */
  readonly dialect: LintDialect;
}

/** A provider's tool call, decoded. */
export type DecodedCall =
  | { readonly name: string; readonly args: unknown }
  /** A call that cannot be made (arguments that are not JSON): it fails without running. */
  | { readonly name: string; readonly failure: CallFailure };

/**
 * Who the listing, the decoding or the call is for: every adapter's options take it the
 * same way.
 */
export interface CallerOptions {
  /**
   * The caller's context (`auth`, `host`, and for `run` `signal`, `onPartial`, …): a listing
   * holds only the tools this caller may see (their `visible` checks), and a call of one it
   * may not see reads exactly as a call of a tool that does not exist.
   */
  readonly ctx?: ToolExecutionContext;
}

/** What every adapter's `run` takes beside the options of its listing. */
export interface RunOptions extends CallerOptions {
  /**
   * Asks a person about a call that needs approval; the call then runs, or comes back as
   * a readable denial for the model (a handler that throws denies, its error kept as the
   * outcome's `cause`). Without it, the model reads that the call needs approval and has
   * not run; a host that keeps the request for later calls `set.call` and `encode` itself.
   */
  readonly approve?: ApprovalHandler;
}

/**
 * A host adapter: `Tools` is the provider's tool list, `ProviderCall` a tool call as the
 * provider sends it, `Result` what goes back to the model for it, `Options` what shapes the
 * listing (and so decoding and encoding).
 */
export interface ToolAdapter<Tools, ProviderCall, Result, Options = object> {
  /**
   * The set's tools as the provider takes them (those the caller of `options.ctx` may
   * see), with the ledger and the lint dialect.
   */
  list(set: ToolSet, options?: Options & CallerOptions): Listing<Tools>;
  /** The name and arguments of a provider's call, or why it cannot be made. */
  decode(set: ToolSet, call: ProviderCall, options?: Options & CallerOptions): DecodedCall;
  /** The provider's result for any outcome of `call`. */
  encode(set: ToolSet, call: ProviderCall, outcome: CallOutcome, options?: Options): Result;
  /** Decodes `call`, calls the set, settles approval and encodes the outcome. Never rejects. */
  run(set: ToolSet, call: ProviderCall, options?: Options & RunOptions): Promise<Result>;
}

/**
 * The `run` of an adapter whose host drives the calls: decode, call, settle approval by the
 * strategy the options give (`approve`, or one of the adapter's own), encode.
 */
export async function runWith<ProviderCall, Result, Options>(
  adapter: Pick<ToolAdapter<unknown, ProviderCall, Result, Options>, "decode" | "encode">,
  set: ToolSet,
  call: ProviderCall,
  options: (Options & RunOptions) | undefined,
  strategy: ApprovalStrategy | undefined = approvalOf(options),
): Promise<Result> {
  const decoded = decodedOf(adapter, set, call, options);
  const ctx = options?.ctx;
  const outcome =
    "failure" in decoded ? decoded.failure : await set.call(decoded.name, decoded.args, ctx);
  return adapter.encode(set, call, await settle(set, outcome, strategy, ctx), options);
}

// A call whose fields cannot be read (a getter that throws) fails without running, as
// arguments that are not JSON do: `run` answers every call it is handed.
function decodedOf<ProviderCall, Options>(
  adapter: Pick<ToolAdapter<unknown, ProviderCall, unknown, Options>, "decode">,
  set: ToolSet,
  call: ProviderCall,
  options: (Options & CallerOptions) | undefined,
): DecodedCall {
  try {
    return adapter.decode(set, call, options);
  } catch (error) {
    const text = `the tool call could not be read: ${messageOf(error)}`;
    return { name: "", failure: callFailure("invalid-arguments", text, error) };
  }
}

function approvalOf(options: RunOptions | undefined): ApprovalStrategy | undefined {
  return options?.approve === undefined ? undefined : asking(options.approve);
}
