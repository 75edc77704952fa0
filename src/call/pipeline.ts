/**
 * The call pipeline: the one way a tool or play is called, whoever asks
 * (`Toolbox.execute`, `Playbook.execute`, `toolSet(...).call`, and so every host
 * adapter). A call goes through these steps, in this order:
 *
 * 1. **lookup**: the callable by name, or `unknown-name`; one its `visible` check hides
 *    from this caller reads exactly as one that does not exist;
 * 2. **required scopes** (stages/required-scopes.ts): a caller not granted every scope
 *    the callable requires is refused as `forbidden`, before anything is read of the call;
 * 3. **abort** (stages/abort.ts): an aborted `ctx.signal` settles the call as cancelled
 *    at once, and one that aborts later settles it the moment it does;
 * 4. **strict inputs** (stages/strict-inputs.ts): an argument key `parameters` does not
 *    declare is refused by name;
 * 5. **time limit** (stages/time-limit.ts): `timeoutMs`, with a signal of its own, over
 *    the approval check and the run alike;
 * 6. **approval** (stages/approval.ts): the arguments parsed, and a call that needs
 *    approval held: pending with a signed request in a tool set, refused elsewhere;
 * 7. **the run** (run.ts): the arguments parsed once by `parameters`, the callable run (a
 *    streaming one driven, its partials parsed and delivered: partials.ts), and a
 *    factory-built one's result parsed by `returns`;
 * 8. the **site** names what happened: `Toolbox.execute` throws a named error,
 *    `Playbook.execute` returns `{ error }`, a tool set a `CallOutcome` (failure-text.ts),
 *    in the words a `formatError` hook chooses (stages/error-text.ts); a tool set then
 *    **records** the call (stages/recording.ts), and an adapter makes the **content** a
 *    model reads of a value, within its budget (content.ts).
 *
 * Each control is one stage, which passes a call on untouched when its control is absent.
 * A factory-built callable with no controls and no signal takes the direct path
 * (direct.ts), which costs what a hand-written parse, call and parse costs.
 *
 * @module
 */
import { nameText } from "../core/describe";
import { type FactoryExecute, planOf } from "../core/factory-execute";
import type { ToolExecutionContext } from "../core/tool-definition";
import type { Call, Callable, Container, Outcome, Site, Stage } from "./call";
import type { Controls } from "./controls";
import { isDirect, runDirect, settleFailure } from "./direct";
import { run, thrownFailure } from "./run";
import { abort } from "./stages/abort";
import { approval } from "./stages/approval";
import { requiredScopes } from "./stages/required-scopes";
import { strictInputs } from "./stages/strict-inputs";
import { timeLimit } from "./stages/time-limit";

/** Steps 2 to 7, composed once: each stage hands the call on to the next. */
const staged = compose([requiredScopes, abort, strictInputs, timeLimit, approval], (call) =>
  run(call, same),
);

function same(outcome: Outcome): Outcome {
  return outcome;
}

/** How a call departs from a plain one: resumed, only asking, or run by a function of its own. */
export type CallMode = Pick<Call, "approved" | "asking" | "run">;

/**
 * Calls `name` of `owner` on `args` and settles the outcome through `site`. Rejects only
 * with what `site.failure` throws.
 */
export function runCall<Owner, T>(
  site: Container<Owner, T>,
  owner: Owner,
  name: string,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
  mode?: CallMode,
): Promise<T> {
  // Only a string names a callable; anything else (a host's unchecked value) is unknown,
  // named as text, since every failure's text interpolates it.
  if (typeof name !== "string") {
    return settleFailure(site, owner, args, { kind: "unknown-name", name: nameText(name), ctx });
  }
  let callable: Callable | undefined;
  try {
    const callables = site.callables(owner);
    callable = ownProperty.call(callables, name) ? callables[name] : undefined;
  } catch (error) {
    return settleFailure(site, owner, args, thrownFailure(name, error, undefined));
  }
  if (callable === undefined)
    return settleFailure(site, owner, args, { kind: "unknown-name", name, ctx });
  return runFound(site, owner, name, callable, args, ctx, mode);
}

/** {@link runCall} once the callable is found (a tool set looks names up itself). */
export function runFound<Owner, T>(
  site: Site<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
  mode?: CallMode,
): Promise<T> {
  let plan: FactoryExecute | undefined;
  let controls: Controls | undefined;
  try {
    plan = planOf(callable);
    // A hand-written control of the wrong type throws here: the call fails, never runs unasked.
    controls = site.controls(owner, name, callable, plan);
  } catch (error) {
    return settleFailure(site, owner, args, thrownFailure(name, error, callable));
  }
  // Hidden from this caller: what it reads is what a name that does not exist reads.
  if (site.looksUpVisible !== true && controls?.hiddenBecause?.(ctx) !== undefined) {
    return settleFailure(site, owner, args, { kind: "unknown-name", name, ctx });
  }
  if (
    controls === undefined &&
    unsignalled(ctx) &&
    mode === undefined &&
    plan !== undefined &&
    isDirect(plan)
  ) {
    const direct = runDirect(site, owner, name, callable, plan, args, ctx);
    // Nothing ran: the arguments' schema turned out asynchronous, so the call goes round again.
    return direct ?? runFound(site, owner, name, callable, args, ctx);
  }
  return runComposed(site, owner, name, callable, plan, controls, args, ctx, mode);
}

/**
 * A call off the direct path, through the stages its controls need. Apart from
 * {@link runFound}, whose direct path then allocates nothing: V8 gives a function whose
 * variables a closure captures a context object on every call, closure made or not.
 */
function runComposed<Owner, T>(
  site: Site<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  plan: FactoryExecute | undefined,
  controls: Controls | undefined,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
  mode: CallMode | undefined,
): Promise<T> {
  const requestApproval =
    site.requestApproval === undefined
      ? undefined
      : (parsed: unknown) =>
          (site.requestApproval as NonNullable<typeof site.requestApproval>)(owner, name, parsed);
  const call: Call = {
    name,
    callable,
    plan,
    controls,
    args,
    ctx,
    ...(requestApproval !== undefined && { requestApproval }),
    ...mode,
  };
  const settle = (outcome: Outcome): T =>
    outcome.kind === "value"
      ? site.value(outcome.value, owner, name)
      : site.failure(outcome, owner, { args, controls });
  // Nothing to control: the run alone, settled in its own frame.
  if (controls === undefined && unsignalled(ctx) && mode === undefined) {
    return run(call, settle);
  }
  let running: Promise<Outcome>;
  try {
    running = staged(call);
  } catch (error) {
    running = Promise.resolve(thrownFailure(name, error, callable));
  }
  return running.then(settle, (error: unknown) => settle(thrownFailure(name, error, callable)));
}

/**
 * Whether `ctx` carries no signal. One that cannot be read (a host's Proxy, a throwing
 * getter) is taken to carry one: the staged path reads it where a throw fails the call.
 */
function unsignalled(ctx: ToolExecutionContext | undefined): boolean {
  try {
    return ctx?.signal === undefined;
  } catch {
    return false;
  }
}

/** The same test as `Object.hasOwn`, measurably cheaper on this path in V8. */
const ownProperty = Object.prototype.hasOwnProperty;

/** `stages` in order, each handing the call on to the next, and `last` at the end. */
function compose(
  stages: readonly Stage[],
  last: (call: Call) => Promise<Outcome>,
): (call: Call) => Promise<Outcome> {
  return stages.reduceRight<(call: Call) => Promise<Outcome>>(
    (next, stage) => (call) => stage(call, next),
    last,
  );
}
