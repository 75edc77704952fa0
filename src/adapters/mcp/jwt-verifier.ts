/**
 * Bearer tokens checked as an OAuth resource server checks them: `jwtVerifier` verifies
 * a JWT access token's signature against its issuer's published keys and its issuer,
 * audience and validity period, and resolves it to the {@link McpPrincipal} it names, or
 * to `undefined` with the refusal reported by a stable code.
 *
 * Built on jose (an optional peer dependency), imported the first time a verifier
 * verifies a token: a program that never verifies one never loads it.
 *
 * @module
 */
import type * as Jose from "jose";
import { messageOf } from "../../core/describe";
import { discoverJwksUrl } from "./jwks-discovery";
import { type CheckedOptions, checkOptions } from "./jwt-verifier-options";
import type { McpPrincipal } from "./principal";

/**
 * Why a token was refused, by `jwtVerifier` or `introspectionVerifier`; stable, never
 * renamed once shipped:
 * - `expired`: its `exp` has passed;
 * - `not-yet-valid`: its `nbf` (or `iat`) is in the future;
 * - `wrong-issuer`: its `iss` is not the verifier's issuer, or it has none;
 * - `wrong-audience`: its `aud` names none of the verifier's audiences, or it has none;
 * - `bad-signature`: its signature does not verify with the key it names;
 * - `unknown-key`: the issuer's keys hold none it could be signed with, even refetched;
 * - `algorithm-refused`: its `alg` is not one the verifier accepts (`none`, any `HS*`);
 * - `malformed`: it is no compact JWS with a JSON claims set (or lacks `exp`);
 * - `too-large`: it is over 16 KiB, and was not read;
 * - `no-subject`: it names no subject (`sub`);
 * - `keys-unavailable`: the issuer's metadata or keys could not be fetched (tried again
 *   on a later token);
 * - `inactive`: the authorization server's introspection endpoint answered `active: false`
 *   (the token is unknown to it, revoked, expired or not for this client to ask about);
 * - `introspection-unavailable`: the introspection endpoint (or the issuer's metadata
 *   naming it) could not be had: no answer in time, a status other than 200, or no JSON
 *   object with a boolean `active` (asked again on the next verify).
 */
export type TokenRefusalCode =
  | "expired"
  | "not-yet-valid"
  | "wrong-issuer"
  | "wrong-audience"
  | "bad-signature"
  | "unknown-key"
  | "algorithm-refused"
  | "malformed"
  | "too-large"
  | "no-subject"
  | "keys-unavailable"
  | "inactive"
  | "introspection-unavailable";

/** A refused token: why, by code, and in a sentence. Neither ever holds the token. */
export interface TokenRefusal {
  /** Why, stable across versions: branch on it. */
  readonly code: TokenRefusalCode;
  /** Why, for a log: what was wrong and what was expected. */
  readonly reason: string;
}

/** Options of {@link jwtVerifier}. */
export interface JwtVerifierOptions {
  /**
   * The authorization server's issuer identifier, exactly as its tokens' `iss` claim has
   * it (e.g. `https://auth.example.com`). Required. Unless `jwksUrl` is given, its keys
   * are found from its metadata at `/.well-known/oauth-authorization-server` or
   * `/.well-known/openid-configuration` (`jwks_uri`), read once.
   */
  readonly issuer: string;
  /**
   * This server's resource identifier (its URL, as clients pass it as `resource`), or
   * several: a token is accepted only when its `aud` claim holds one. Required.
   */
  readonly audience: string | readonly string[];
  /** Where the issuer's JSON Web Key Set is, when its metadata should not be read. */
  readonly jwksUrl?: string | URL;
  /**
   * The signature algorithms accepted; asymmetric ones only (`HS*` and `none` are refused
   * when the verifier is built).
   * @default ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]
   */
  readonly algorithms?: readonly string[];
  /**
   * How many seconds of clock difference with the issuer are forgiven on `exp` and `nbf`.
   * @default 0
   */
  readonly clockToleranceSec?: number;
  /**
   * Told of every refused token, e.g. to log it. What it throws is ignored: the token is
   * refused all the same.
   */
  readonly onRefused?: (refusal: TokenRefusal) => void;
}

/** What {@link jwtVerifier} returns. */
export interface JwtVerifier {
  /** The issuer whose tokens it accepts. */
  readonly issuer: string;
  /**
   * The principal `token` names when the token is one to accept, else `undefined` (after
   * telling `onRefused` why). Rejects only when jose cannot be loaded.
   */
  verify(token: string): Promise<McpPrincipal | undefined>;
}

/** A token longer than this is refused unread. */
export const MAX_TOKEN_CHARS = 16 * 1024;

type JoseModule = typeof Jose;
type KeySet = ReturnType<JoseModule["createRemoteJWKSet"]>;

let loadingJose: Promise<JoseModule> | undefined;

/** jose, imported once, by the first verifier that verifies a token. */
function loadJose(): Promise<JoseModule> {
  loadingJose ??= import("jose").catch((error: unknown) => {
    loadingJose = undefined;
    throw isNotFound(error)
      ? new Error(
          "verifying a JWT access token needs jose, an optional peer dependency of toolwright: jose is not installed (or cannot be resolved from toolwright's files); install it: npm i jose",
          { cause: error },
        )
      : error;
  });
  return loadingJose;
}

function isNotFound(error: unknown): boolean {
  const code = codeOf(error);
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    messageOf(error).includes("jose")
  );
}

/** Thrown by the key lookup when the keys could not be had: a `keys-unavailable` refusal. */
class KeysUnavailable {
  constructor(readonly cause: unknown) {}
}

/**
 * A verifier of JWT access tokens issued by one authorization server for this server:
 * `verify(token)` resolves to the {@link McpPrincipal} the token names, or to `undefined`
 * for any token it refuses, telling `onRefused` why with a {@link TokenRefusalCode}.
 *
 * It checks the signature with the issuer's published keys (refetched, at most every
 * 30 s, when a token names a key they lack), the issuer, the audience, `exp` and `nbf`;
 * it accepts asymmetric algorithms only, so `alg: none` and a token "signed" with the
 * public key as an HMAC secret are refused. A malformed token, or one over 16 KiB, is
 * refused before any key is fetched. Options that are wrong throw a `TypeError` naming
 * the option at once.
 *
 * Needs `jose` (an optional peer dependency: `npm i jose`), imported when the first
 * token is verified.
 *
 * @example
 * ```ts
 * const verifier = jwtVerifier({
 *   issuer: "https://auth.example.com",
 *   audience: "https://notes.example.com/mcp",
 *   onRefused: ({ code, reason }) => console.warn(`token refused (${code}): ${reason}`),
 * });
 * const principal = await verifier.verify(bearerToken);
 * if (principal === undefined) return unauthorized();
 * ```
 */
export function jwtVerifier(options: JwtVerifierOptions): JwtVerifier {
  const checked = checkOptions(options);
  let keySet: Promise<KeySet> | undefined;

  /** The issuer's key set, its address discovered once; a failure is tried again later. */
  function keys(jose: JoseModule): Promise<KeySet> {
    keySet ??= (async () => {
      const url = checked.jwksUrl ?? (await discoverJwksUrl(checked.issuer));
      return jose.createRemoteJWKSet(url);
    })().catch((error: unknown) => {
      keySet = undefined;
      throw new KeysUnavailable(error);
    });
    return keySet;
  }

  const refuse = (token: string, code: TokenRefusalCode, reason: string): undefined => {
    tell(checked.onRefused, { code, reason: withoutToken(reason, token) });
    return undefined;
  };

  return {
    issuer: checked.issuer,
    async verify(token) {
      if (typeof token !== "string" || token === "") {
        return refuse("", "malformed", "the token is not a non-empty string");
      }
      if (token.length > MAX_TOKEN_CHARS) {
        return refuse(
          token,
          "too-large",
          `the token is ${token.length} characters long, over the ${MAX_TOKEN_CHARS} read`,
        );
      }
      const jose = await loadJose();
      const early = precheck(jose, token, checked.algorithms);
      if (early !== undefined) return refuse(token, early.code, early.reason);
      try {
        const found = await keys(jose);
        const payload = await verified(jose, token, found, checked);
        return principalOf(payload) ?? refuse(token, "no-subject", NO_SUBJECT);
      } catch (error) {
        const refusal = refusalOf(error, checked);
        return refuse(token, refusal.code, refusal.reason);
      }
    },
  };
}

const NO_SUBJECT = "the token names no subject: its sub claim is missing or not a non-empty string";

/** A refusal decided from the header alone, before any key is fetched. */
function precheck(
  jose: JoseModule,
  token: string,
  algorithms: readonly string[],
): TokenRefusal | undefined {
  let header: Jose.ProtectedHeaderParameters;
  try {
    header = jose.decodeProtectedHeader(token);
  } catch {
    return {
      code: "malformed",
      reason: "the token is not a JWT: no base64url-encoded JSON header",
    };
  }
  if (token.split(".").length !== 3) {
    return { code: "malformed", reason: "the token is not a compact JWS of three parts" };
  }
  if (typeof header.alg !== "string" || !algorithms.includes(header.alg)) {
    const named =
      typeof header.alg === "string" && /^[\w+-]{1,16}$/.test(header.alg)
        ? `alg ${header.alg}`
        : "alg";
    return {
      code: "algorithm-refused",
      reason: `the token's ${named} is not accepted: only ${algorithms.join(", ")}`,
    };
  }
  return undefined;
}

/** What the key set throws when no key of it fits the token: the token's failure. */
const KEY_FITS = new Set([
  "ERR_JWKS_NO_MATCHING_KEY",
  "ERR_JWKS_MULTIPLE_MATCHING_KEYS",
  "ERR_JOSE_NOT_SUPPORTED",
]);

/** The token's claims, once its signature and claims are verified; throws jose's error. */
async function verified(
  jose: JoseModule,
  token: string,
  keySet: KeySet,
  checked: CheckedOptions,
): Promise<Jose.JWTPayload> {
  // What the key set throws but "no key fits" (a fetch that failed, a key set that is no
  // JSON) is the keys' failure, not the token's.
  const lookup: Jose.JWTVerifyGetKey = async (header, input) => {
    try {
      return await keySet(header, input);
    } catch (error) {
      if (KEY_FITS.has(codeOf(error) as string)) throw error;
      throw new KeysUnavailable(error);
    }
  };
  const options: Jose.JWTVerifyOptions = {
    issuer: checked.issuer,
    audience: [...checked.audience],
    algorithms: [...checked.algorithms],
    clockTolerance: checked.clockToleranceSec,
    requiredClaims: ["exp", "sub"],
  };
  try {
    return (await jose.jwtVerify(token, lookup, options)).payload;
  } catch (error) {
    // A token without a kid, and several keys that fit its alg: each is tried in turn.
    if (codeOf(error) !== "ERR_JWKS_MULTIPLE_MATCHING_KEYS") throw error;
    let last: unknown = error;
    for await (const key of error as AsyncIterable<Jose.CryptoKey>) {
      try {
        return (await jose.jwtVerify(token, key, options)).payload;
      } catch (next) {
        last = next;
      }
    }
    throw last;
  }
}

function principalOf(payload: Jose.JWTPayload): McpPrincipal | undefined {
  if (typeof payload.sub !== "string" || payload.sub === "") return undefined;
  return Object.freeze({
    subject: payload.sub,
    scopes: Object.freeze(scopesOf(payload)),
    claims: Object.freeze({ ...payload }),
  });
}

/** `scope` split on spaces; else `scp`, an array of strings or a string split on spaces. */
function scopesOf(payload: Jose.JWTPayload): string[] {
  const words = (text: string) => text.split(/\s+/).filter((word) => word !== "");
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  let scopes: string[] = [];
  if (typeof scope === "string") scopes = words(scope);
  else if (Array.isArray(scp)) scopes = scp.filter((entry) => typeof entry === "string");
  else if (typeof scp === "string") scopes = words(scp);
  return [...new Set(scopes)];
}

/** The refusal a failed verification stands for, by jose's stable error codes. */
function refusalOf(error: unknown, checked: CheckedOptions): TokenRefusal {
  if (error instanceof KeysUnavailable) {
    return {
      code: "keys-unavailable",
      reason: `the keys of ${checked.issuer} could not be had: ${messageOf(error.cause)}`,
    };
  }
  const claim = (error as { claim?: unknown } | null)?.claim;
  switch (codeOf(error)) {
    case "ERR_JWT_EXPIRED":
      return { code: "expired", reason: "the token has expired: its exp is past" };
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      return claimRefusal(claim, checked);
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
      return {
        code: "bad-signature",
        reason: "the token's signature does not verify with the issuer's key it names",
      };
    case "ERR_JWKS_NO_MATCHING_KEY":
    case "ERR_JWKS_MULTIPLE_MATCHING_KEYS":
      return {
        code: "unknown-key",
        reason: `the keys of ${checked.issuer} hold none that fits the token's kid and alg (they are fetched again at most every 30 s)`,
      };
    case "ERR_JOSE_ALG_NOT_ALLOWED":
    case "ERR_JOSE_NOT_SUPPORTED":
      return {
        code: "algorithm-refused",
        reason: `the token's algorithm is not accepted: only ${checked.algorithms.join(", ")}`,
      };
    default:
      return { code: "malformed", reason: `the token is not a valid JWT (${joseReason(error)})` };
  }
}

function claimRefusal(claim: unknown, checked: CheckedOptions): TokenRefusal {
  switch (claim) {
    case "iss":
      return {
        code: "wrong-issuer",
        reason: `the token's iss is not ${checked.issuer}, or it has none`,
      };
    case "aud":
      return {
        code: "wrong-audience",
        reason: `the token's aud names none of ${checked.audience.join(", ")}, or it has none`,
      };
    case "nbf":
    case "iat":
      return {
        code: "not-yet-valid",
        reason: `the token is not valid yet: its ${claim} is in the future`,
      };
    case "sub":
      return { code: "no-subject", reason: NO_SUBJECT };
    case "exp":
      return { code: "malformed", reason: "the token has no numeric exp: it would never expire" };
    default:
      return { code: "malformed", reason: "the token's claims are not valid" };
  }
}

/** jose's own message, which names what was wrong and never holds the token. */
function joseReason(error: unknown): string {
  return typeof codeOf(error) === "string" ? messageOf(error) : "its claims are not JSON";
}

function codeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : "";
}

/** `reason` with the token, or any long part of it, cut out (a cause's message might hold one). */
export function withoutToken(reason: string, token: string): string {
  let text = reason;
  for (const part of [token, ...token.split(".")]) {
    if (part.length >= 16) text = text.replaceAll(part, "[token]");
  }
  return text;
}

/** Tells `onRefused`, whatever it does: a throw, or a promise that rejects, is dropped. */
export function tell(
  onRefused: ((refusal: TokenRefusal) => unknown) | undefined,
  refusal: TokenRefusal,
): void {
  if (onRefused === undefined) return;
  try {
    const returned = onRefused(refusal) as { then?: unknown } | undefined;
    if (typeof returned?.then === "function") {
      (returned as PromiseLike<unknown>).then(undefined, () => undefined);
    }
  } catch {
    // Its failure is its own: the token is refused all the same.
  }
}
