/**
 * Opaque bearer tokens checked as an OAuth resource server checks them: by asking the
 * authorization server. `introspectionVerifier` posts a token to its introspection
 * endpoint (RFC 7662), checks the answer's activity, audience, expiry and subject, and
 * resolves the token to the {@link McpPrincipal} it names, or to `undefined` with the
 * refusal reported by a stable code; answers are kept a short while, by the token's hash.
 *
 * Needs nothing but the global `fetch`.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { messageOf } from "../../core/describe";
import {
  type CheckedIntrospectionOptions,
  checkIntrospectionOptions,
} from "./introspection-verifier-options";
import { discoverIntrospectionEndpoint } from "./jwks-discovery";
import {
  MAX_TOKEN_CHARS,
  type TokenRefusal,
  type TokenRefusalCode,
  tell,
  withoutToken,
} from "./jwt-verifier";
import type { McpPrincipal } from "./principal";

/** Options of {@link introspectionVerifier}. */
export interface IntrospectionVerifierOptions {
  /**
   * The authorization server's introspection endpoint (its metadata's
   * `introspection_endpoint`). Exactly one of `endpoint` and `issuer` is required.
   */
  readonly endpoint?: string | URL;
  /**
   * The authorization server's issuer identifier (e.g. `https://auth.example.com`), whose
   * metadata (`/.well-known/oauth-authorization-server` or
   * `/.well-known/openid-configuration`) names its `introspection_endpoint`, read once.
   * Exactly one of `endpoint` and `issuer` is required.
   */
  readonly issuer?: string;
  /** This server's client identifier at the authorization server, to ask with. Required. */
  readonly clientId: string;
  /** Its client secret, sent by HTTP Basic authentication (`client_secret_basic`). Required. */
  readonly clientSecret: string;
  /**
   * This server's resource identifier (its URL, as clients pass it as `resource`), or
   * several: a token is accepted only when its introspected `aud` holds one. Required.
   */
  readonly audience: string | readonly string[];
  /**
   * How many milliseconds an answer is kept: an accepted token's (never past its `exp`)
   * and an inactive one's, so that a token used again within it is not asked about
   * again. `0` asks every time. A token revoked meanwhile is accepted until then.
   * @default 30_000
   */
  readonly cacheMs?: number;
  /**
   * How many milliseconds one introspection request may take before the token is refused
   * `introspection-unavailable`.
   * @default 5_000
   */
  readonly timeoutMs?: number;
  /**
   * Told of every refused token, e.g. to log it. What it throws is ignored: the token is
   * refused all the same.
   */
  readonly onRefused?: (refusal: TokenRefusal) => void;
}

/** What {@link introspectionVerifier} returns. */
export interface IntrospectionVerifier {
  /**
   * The principal `token` names when the authorization server says it is active and it
   * is for this server, else `undefined` (after telling `onRefused` why). Never rejects.
   */
  verify(token: string): Promise<McpPrincipal | undefined>;
}

/** How many answers are kept at most: past it, the oldest is dropped. */
const MAX_CACHED = 10_000;
/** An introspection answer is a few hundred bytes; past this it is not read. */
const MAX_ANSWER_CHARS = 64 * 1024;

/** What one introspection came to: a principal, or a refusal (and whether to keep it). */
type Outcome =
  | { readonly principal: McpPrincipal; readonly until: number }
  | { readonly refusal: TokenRefusal; readonly until: number | undefined };

/** Thrown when the endpoint gave no usable answer: an `introspection-unavailable` refusal. */
interface Unavailable {
  readonly unavailable: string;
}

/**
 * A verifier of opaque access tokens by token introspection (RFC 7662):
 * `verify(token)` posts the token (`token_type_hint=access_token`, client authentication
 * by HTTP Basic) to the authorization server's introspection endpoint and resolves to the
 * {@link McpPrincipal} it names, or to `undefined` for any token it refuses, telling
 * `onRefused` why with a {@link TokenRefusalCode}:
 *
 * - `active: false` is `inactive`; an active token whose `aud` (a string or an array)
 *   holds none of `audience` is `wrong-audience`, one whose `exp` has passed `expired`,
 *   one without `sub` `no-subject`;
 * - the endpoint unreachable, slower than `timeoutMs`, answering other than 200 or
 *   other than a JSON object with a boolean `active` is `introspection-unavailable` (a
 *   refusal, never a rejection; asked again next time);
 * - a token over 16 KiB is `too-large`, refused without asking.
 *
 * The principal's `scopes` are the answer's `scope` split on spaces; its `claims` the
 * whole answer. Accepted and inactive answers are kept `cacheMs` (an accepted one never
 * past its `exp`), at most 10,000 of them, keyed by the token's SHA-256 hash, never the
 * token; verifies of one token at once share one request. A refusal's reason never holds
 * the token. Options that are wrong throw a `TypeError` naming the option at once.
 *
 * @example
 * ```ts
 * const introspector = introspectionVerifier({
 *   issuer: "https://auth.example.com",
 *   clientId: "notes-server",
 *   clientSecret: process.env.NOTES_CLIENT_SECRET ?? "",
 *   audience: "https://notes.example.com/mcp",
 *   onRefused: ({ code, reason }) => console.warn(`token refused (${code}): ${reason}`),
 * });
 * listenMcpHttp({
 *   name: "notes", version: "1.0.0", tools,
 *   auth: {
 *     resource: "https://notes.example.com/mcp",
 *     authorizationServers: ["https://auth.example.com"],
 *     verify: (token) => introspector.verify(token),
 *   },
 * });
 * ```
 */
export function introspectionVerifier(
  options: IntrospectionVerifierOptions,
): IntrospectionVerifier {
  const checked = checkIntrospectionOptions(options);
  const basic = `Basic ${Buffer.from(
    `${formEncode(checked.clientId)}:${formEncode(checked.clientSecret)}`,
  ).toString("base64")}`;
  const cache = new Map<string, Outcome>();
  const asking = new Map<string, Promise<Outcome>>();
  let endpoint: Promise<URL> | undefined;

  /** The endpoint, given or discovered once; a failed discovery is tried again later. */
  function where(): Promise<URL> {
    if (checked.endpoint !== undefined) return Promise.resolve(checked.endpoint);
    endpoint ??= discoverIntrospectionEndpoint(checked.issuer as string).catch((error: unknown) => {
      endpoint = undefined;
      throw unavailable(`its introspection endpoint could not be found: ${messageOf(error)}`);
    });
    return endpoint;
  }

  async function introspect(token: string): Promise<Outcome> {
    let answer: Record<string, unknown>;
    try {
      answer = await ask(await where(), token, basic, checked.timeoutMs);
    } catch (error) {
      const reason = isUnavailable(error) ? error.unavailable : messageOf(error);
      return refused("introspection-unavailable", `introspection failed: ${reason}`);
    }
    return judge(answer, checked);
  }

  function cached(key: string): Outcome | undefined {
    const found = cache.get(key);
    if (found === undefined) return undefined;
    if (found.until !== undefined && found.until > Date.now()) return found;
    cache.delete(key);
    return undefined;
  }

  function keep(key: string, outcome: Outcome): void {
    if (checked.cacheMs === 0 || outcome.until === undefined || outcome.until <= Date.now()) {
      return;
    }
    cache.delete(key);
    cache.set(key, outcome);
    while (cache.size > MAX_CACHED) {
      const oldest = cache.keys().next().value as string;
      cache.delete(oldest);
    }
  }

  async function outcomeOf(token: string): Promise<Outcome> {
    const key = createHash("sha256").update(token).digest("base64url");
    const hit = cached(key);
    if (hit !== undefined) return hit;
    let pending = asking.get(key);
    if (pending === undefined) {
      pending = introspect(token)
        .then((outcome) => {
          keep(key, outcome);
          return outcome;
        })
        .finally(() => asking.delete(key));
      asking.set(key, pending);
    }
    return pending;
  }

  const refuse = (token: string, refusal: TokenRefusal): undefined => {
    tell(checked.onRefused, { code: refusal.code, reason: withoutToken(refusal.reason, token) });
    return undefined;
  };

  return {
    async verify(token) {
      if (typeof token !== "string" || token === "") {
        return refuse("", { code: "malformed", reason: "the token is not a non-empty string" });
      }
      if (token.length > MAX_TOKEN_CHARS) {
        return refuse(token, {
          code: "too-large",
          reason: `the token is ${token.length} characters long, over the ${MAX_TOKEN_CHARS} read`,
        });
      }
      const outcome = await outcomeOf(token);
      if ("principal" in outcome) {
        // A kept answer is never kept past the token's exp; checked again all the same.
        const exp = outcome.principal.claims.exp;
        if (typeof exp !== "number" || exp * 1000 > Date.now()) return outcome.principal;
        return refuse(token, { code: "expired", reason: EXPIRED });
      }
      return refuse(token, outcome.refusal);
    },
  };

  /** A refusal; an inactive one is kept `cacheMs`, any other not at all. */
  function refused(code: TokenRefusalCode, reason: string): Outcome {
    const until = code === "inactive" ? Date.now() + checked.cacheMs : undefined;
    return { refusal: { code, reason }, until };
  }

  /** What an answer of the endpoint says of the token. */
  function judge(answer: Record<string, unknown>, options: CheckedIntrospectionOptions): Outcome {
    if (answer.active !== true) {
      return refused(
        "inactive",
        "the authorization server says the token is not active (unknown, revoked or expired)",
      );
    }
    const { aud, exp, sub } = answer;
    const audiences = typeof aud === "string" ? [aud] : Array.isArray(aud) ? aud : [];
    if (!audiences.some((entry) => options.audience.includes(entry as string))) {
      return refused(
        "wrong-audience",
        `the token's aud names none of ${options.audience.join(", ")}, or it has none`,
      );
    }
    if (exp !== undefined && (typeof exp !== "number" || !Number.isFinite(exp))) {
      return refused(
        "introspection-unavailable",
        "introspection failed: the endpoint answered an exp that is not a number",
      );
    }
    if (typeof exp === "number" && exp * 1000 <= Date.now()) return refused("expired", EXPIRED);
    if (typeof sub !== "string" || sub === "") {
      return refused(
        "no-subject",
        "the token names no subject: the introspection answer's sub is missing or not a non-empty string",
      );
    }
    const principal: McpPrincipal = Object.freeze({
      subject: sub,
      scopes: Object.freeze(scopesOf(answer.scope)),
      claims: Object.freeze({ ...answer }),
    });
    const kept = Date.now() + options.cacheMs;
    return { principal, until: typeof exp === "number" ? Math.min(kept, exp * 1000) : kept };
  }
}

const EXPIRED = "the token has expired: its introspected exp is past";

/** Posts `token` to `endpoint`; its answer, a JSON object with a boolean `active`, or throws. */
async function ask(
  endpoint: URL,
  token: string,
  authorization: string,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: {
        authorization,
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ token, token_type_hint: "access_token" }).toString(),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw unavailable(
      isTimeout(error)
        ? `${endpoint.href} did not answer within ${timeoutMs} ms`
        : `${endpoint.href} could not be reached: ${messageOf(causeOf(error))}`,
    );
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw unavailable(`${endpoint.href} answered ${response.status}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw unavailable(
      isTimeout(error)
        ? `${endpoint.href} did not answer within ${timeoutMs} ms`
        : `${endpoint.href}'s answer could not be read: ${messageOf(error)}`,
    );
  }
  if (text.length > MAX_ANSWER_CHARS) throw unavailable(`${endpoint.href} answered over 64 KiB`);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw unavailable(`${endpoint.href} answered no JSON`);
  }
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
    throw unavailable(`${endpoint.href} answered no JSON object`);
  }
  if (typeof (answer as { active?: unknown }).active !== "boolean") {
    throw unavailable(`${endpoint.href} answered no boolean active`);
  }
  return answer as Record<string, unknown>;
}

/** `scope` split on spaces, each once, in order; none when it is no string. */
function scopesOf(scope: unknown): string[] {
  if (typeof scope !== "string") return [];
  return [...new Set(scope.split(/\s+/).filter((word) => word !== ""))];
}

/** `text` as application/x-www-form-urlencoded has it, as client_secret_basic needs (RFC 6749 §2.3.1). */
function formEncode(text: string): string {
  return encodeURIComponent(text).replaceAll("%20", "+");
}

function unavailable(reason: string): Unavailable {
  return { unavailable: reason };
}

function isUnavailable(error: unknown): error is Unavailable {
  return typeof (error as Partial<Unavailable> | null)?.unavailable === "string";
}

function isTimeout(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === "TimeoutError";
}

/** fetch's "fetch failed" says nothing: its cause (ECONNREFUSED, …) does. */
function causeOf(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? cause : error;
}
