/**
 * Approval requests: made when a call needs approval, checked when they come back. Each
 * is bound to its tool and arguments by an HMAC-SHA-256 keyed with the set's secret, so a
 * request whose tool or arguments were changed, or that a set with another secret made, is
 * refused. Web Crypto only, so that it runs wherever the set does.
 *
 * @module
 */
import type { ApprovalRequest } from "../call/outcome";
import { describeValue, messageOf } from "../core/describe";
import type { ToolContract } from "./contract/listing-changes";

/** What a set signs and checks its approval requests with. */
export interface ApprovalSigner {
  /**
   * A request for `tool` on `args` (recording `contract`, when given); rejects when `args`
   * cannot be written as JSON.
   */
  request(tool: string, args: unknown, contract?: ToolContract): Promise<ApprovalRequest>;
  /** The reason `request` is not one this signer made for its own tool and arguments; `undefined` when it is. */
  problem(request: ApprovalRequest): Promise<string | undefined>;
}

/** A request that could not be read as one: why, and the tool it names, for the message. */
export interface UnreadableRequest {
  readonly problem: string;
  readonly tool: string;
}

const encoder = new TextEncoder();
// With the `u` flag a surrogate pair is one code point, so this matches only a lone half.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * A signer keyed by `secret` (at least 32 bytes of text or binary), or by a random key of
 * its own, which only this process can check.
 */
export function approvalSigner(secret: string | Uint8Array | undefined): ApprovalSigner {
  const key = importKey(secretBytes(secret));
  // An unhandled rejection before first use would be noise: the error surfaces at first use.
  key.catch(() => {});
  return {
    async request(tool, args, contract) {
      const copy = jsonCopy(args);
      const recorded = contract === undefined ? undefined : (jsonCopy(contract) as ToolContract);
      const id = crypto.randomUUID();
      const requestedAt = new Date().toISOString();
      const signature = await crypto.subtle.sign(
        "HMAC",
        await key,
        payload({ id, tool, args: copy, requestedAt, contract: recorded }),
      );
      const hash = toBase64Url(new Uint8Array(signature));
      return {
        id,
        tool,
        args: copy,
        requestedAt,
        hash,
        ...(recorded !== undefined && { contract: recorded }),
      };
    },
    async problem(request) {
      const signature = fromBase64Url(request.hash);
      let data: Uint8Array<ArrayBuffer>;
      try {
        data = payload(request);
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
  // A lone surrogate encodes as U+FFFD, so two different such secrets would be one key.
  if (typeof secret === "string" && LONE_SURROGATE.test(secret)) {
    throw new TypeError(
      "toolSet: approvalSecret must be well-formed text (it holds a lone surrogate, which would encode like another secret); pass a Uint8Array for binary keys",
    );
  }
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

// Each part is JSON, so no choice of tool name or arguments can forge another's bytes. A
// recorded contract is signed too, under its own version tag, so that none can be added,
// dropped or swapped; a request without one signs as it always has.
function payload(request: Omit<ApprovalRequest, "hash">): Uint8Array<ArrayBuffer> {
  const { id, tool, args, requestedAt, contract } = request;
  const signed = [id, tool, requestedAt, canonical(args)];
  const parts =
    contract === undefined
      ? ["toolwright-approval-1", ...signed]
      : ["toolwright-approval-2", ...signed, canonical(contract)];
  return encoder.encode(JSON.stringify(parts));
}

/** The arguments as the JSON they are stored as: what is shown is what is signed. */
function jsonCopy(args: unknown): unknown {
  const text = JSON.stringify(args);
  if (text === undefined) throw new TypeError("the arguments cannot be written as JSON");
  return JSON.parse(text);
}

/**
 * JSON with every object's keys sorted, so a stored request signs the same after a round
 * trip. Every own key is signed, a prototype-named one too: `JSON.parse` makes
 * `"__proto__"` an own key the tool receives, so the copy it is sorted into has no
 * prototype, where assigning that key would set one and drop it from the text.
 */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(inner).sort())
      sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

/**
 * `value` read once into a request of plain data, its arguments a JSON copy: the copy is
 * what is checked against the hash and what the tool then receives, so no getter,
 * prototype or `toJSON` can show the check one thing and the run another. Never throws.
 */
export function readRequest(value: unknown): ApprovalRequest | UnreadableRequest {
  let tool: unknown;
  try {
    if (typeof value !== "object" || value === null) {
      const problem = `it is not an approval request (received ${describeValue(value)})`;
      return { problem, tool: nameOf(undefined) };
    }
    const fields = value as Partial<Record<keyof ApprovalRequest, unknown>>;
    tool = fields.tool;
    const read = { id: fields.id, tool, requestedAt: fields.requestedAt, hash: fields.hash };
    for (const [field, text] of Object.entries(read)) {
      if (typeof text !== "string")
        return { problem: `its '${field}' is not a string`, tool: nameOf(tool) };
    }
    let args: unknown;
    let contract: unknown;
    try {
      args = jsonCopy(fields.args);
      contract = fields.contract === undefined ? undefined : jsonCopy(fields.contract);
    } catch {
      return { problem: "its arguments cannot be written as JSON", tool: nameOf(tool) };
    }
    return {
      ...(read as Omit<ApprovalRequest, "args">),
      args,
      ...(contract !== undefined && { contract: contract as ToolContract }),
    };
  } catch (error) {
    return { problem: `it cannot be read: ${messageOf(error)}`, tool: nameOf(tool) };
  }
}

/** The tool a request names, for a message; reads nothing that could throw. */
function nameOf(tool: unknown): string {
  return typeof tool === "string" ? tool : `(${typeof tool})`;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  // 43 characters carry 258 bits: the last one's 2 spare bits must be 0, so a hash has one encoding.
  if (!/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/.test(text)) return undefined;
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
