/**
 * Approval requests: made when a call needs approval, checked when they come back. Each
 * is bound to its tool and arguments by an HMAC-SHA-256 keyed with the set's secret, so a
 * request whose tool or arguments were changed, or that a set with another secret made, is
 * refused. Web Crypto only, so that it runs wherever the set does.
 *
 * @module
 */
import type { ApprovalRequest } from "../call/outcome";
import { describeValue } from "../core/describe";

/** What a set signs and checks its approval requests with. */
export interface ApprovalSigner {
  /** A request for `tool` on `args`; rejects when `args` cannot be written as JSON. */
  request(tool: string, args: unknown): Promise<ApprovalRequest>;
  /** The reason `request` is not one this signer made for its own tool and arguments; `undefined` when it is. */
  problem(request: unknown): Promise<string | undefined>;
}

const encoder = new TextEncoder();

/**
 * A signer keyed by `secret` (at least 32 bytes of text or binary), or by a random key of
 * its own, which only this process can check.
 */
export function approvalSigner(secret: string | Uint8Array | undefined): ApprovalSigner {
  const key = importKey(secretBytes(secret));
  // An unhandled rejection before first use would be noise: the error surfaces at first use.
  key.catch(() => {});
  return {
    async request(tool, args) {
      const copy = jsonCopy(args);
      const id = crypto.randomUUID();
      const requestedAt = new Date().toISOString();
      const signature = await crypto.subtle.sign(
        "HMAC",
        await key,
        payload(id, tool, copy, requestedAt),
      );
      return { id, tool, args: copy, requestedAt, hash: toBase64Url(new Uint8Array(signature)) };
    },
    async problem(request) {
      const shapeProblem = describeShape(request);
      if (shapeProblem !== undefined) return shapeProblem;
      const { id, tool, args, requestedAt, hash } = request as ApprovalRequest;
      const signature = fromBase64Url(hash);
      let data: Uint8Array<ArrayBuffer>;
      try {
        data = payload(id, tool, args, requestedAt);
      } catch {
        return "its arguments cannot be written as JSON";
      }
      const valid =
        signature !== undefined && (await crypto.subtle.verify("HMAC", await key, signature, data));
      return valid
        ? undefined
        : "its hash does not match its tool and arguments (it was changed, or made by a tool set with another approvalSecret)";
    },
  };
}

function secretBytes(secret: string | Uint8Array | undefined): Uint8Array<ArrayBuffer> {
  if (secret === undefined) return crypto.getRandomValues(new Uint8Array(32));
  const bytes = typeof secret === "string" ? encoder.encode(secret) : secret;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength < 32) {
    throw new TypeError(
      `toolSet: approvalSecret must be a string or Uint8Array of at least 32 bytes, received ${describeValue(secret)}`,
    );
  }
  // A copy: the key must not change when the caller reuses its buffer.
  return new Uint8Array(bytes);
}

type Key = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

function importKey(bytes: Uint8Array<ArrayBuffer>): Promise<Key> {
  return crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

// Each part is JSON, so no choice of tool name or arguments can forge another's bytes.
function payload(
  id: string,
  tool: string,
  args: unknown,
  requestedAt: string,
): Uint8Array<ArrayBuffer> {
  return encoder.encode(
    JSON.stringify(["toolwright-approval-1", id, tool, requestedAt, canonical(args)]),
  );
}

/** The arguments as the JSON they are stored as: what is shown is what is signed. */
function jsonCopy(args: unknown): unknown {
  const text = JSON.stringify(args);
  if (text === undefined) throw new TypeError("the arguments cannot be written as JSON");
  return JSON.parse(text);
}

/** JSON with every object's keys sorted, so a stored request signs the same after a round trip. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort())
      sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

function describeShape(request: unknown): string | undefined {
  if (typeof request !== "object" || request === null) {
    return `it is not an approval request (received ${describeValue(request)})`;
  }
  const fields = request as Partial<Record<keyof ApprovalRequest, unknown>>;
  for (const field of ["id", "tool", "requestedAt", "hash"] as const) {
    if (typeof fields[field] !== "string") return `its '${field}' is not a string`;
  }
  return undefined;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** How many settled request ids a set remembers, oldest forgotten first. */
const REMEMBERED = 10_000;

/**
 * The ids of the requests a set has settled, so that one approval runs its call once in
 * this process; another process, after a restart, relies on its host's own record (or
 * on `approvalMaxAgeMs`).
 */
export class SettledApprovals {
  readonly #ids = new Set<string>();

  /** Records `id`; `false` when it was already recorded. */
  settle(id: string): boolean {
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    if (this.#ids.size > REMEMBERED) {
      const oldest = this.#ids.values().next().value;
      if (oldest !== undefined) this.#ids.delete(oldest);
    }
    return true;
  }
}

/** Why `request` is too old for `maxAgeMs`, or `undefined` when it is not. */
export function expiry(
  request: ApprovalRequest,
  maxAgeMs: number | undefined,
  now: number,
): string | undefined {
  if (maxAgeMs === undefined) return undefined;
  const age = now - Date.parse(request.requestedAt);
  if (Number.isFinite(age) && age <= maxAgeMs) return undefined;
  return `it was requested at ${request.requestedAt}, more than approvalMaxAgeMs (${maxAgeMs} ms) ago`;
}
