/**
 * A real OAuth authorization server on loopback, for the tests of token verification:
 * oidc-provider (OpenID certified), with one confidential client for the
 * client_credentials grant and resource indicators (RFC 8707), issuing JWT access tokens
 * (RFC 9068) whose audience is the resource asked for, or an opaque one for a resource
 * whose path ends in `/opaque` (see {@link OPAQUE_SUFFIX}), answered at its introspection
 * endpoint (RFC 7662, `/token/introspection`) and revocable at `/token/revocation`. Its
 * RS256 keys are made with jose at start; {@link AuthorizationServer.rotateKey} adds a new one and signs with it from
 * then on, keeping the old one published, as a real rotation does.
 *
 * Listens on 127.0.0.1, port 0; reaches nothing (no client of it has a `jwks_uri` or a
 * sector identifier to fetch). `close()` stops it; call it in `afterAll`.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, exportJWK, generateKeyPair, type JWK } from "jose";
import Provider from "oidc-provider";

/** Options of {@link startAuthorizationServer}. */
export interface AuthorizationServerOptions {
  /**
   * The scopes its client may ask for, for every resource.
   * @default ["notes:read", "notes:write"]
   */
  readonly scopes?: readonly string[];
}

/** A signing key of the server: its key id and private key, and its public JWK. */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
}

/** A running authorization server. */
export interface AuthorizationServer {
  /** Its issuer identifier (`http://127.0.0.1:<port>`), the `iss` of its tokens. */
  readonly issuer: string;
  /** Where its JSON Web Key Set is served. */
  readonly jwksUrl: string;
  /**
   * An access token from its token endpoint, by the client_credentials grant, for
   * `resource` (its `aud`), with `scope` (space-separated; default: none asked): a JWT,
   * or an opaque token when `resource`'s path ends in {@link OPAQUE_SUFFIX}.
   */
  token(options: { readonly resource: string; readonly scope?: string }): Promise<string>;
  /**
   * Revokes `token` (RFC 7009) at its revocation endpoint: introspected, it is inactive
   * from then on.
   */
  revoke(token: string): Promise<void>;
  /** The key it signs with now, for a test that signs claims of its own with it. */
  signingKey(): SigningKey;
  /** Adds a new key, signs with it from now on and keeps publishing the old ones. */
  rotateKey(): Promise<SigningKey>;
  /** How many requests for `path` (`/jwks`, `/.well-known/...`, `/token/introspection`) it has answered so far. */
  requests(path: string): number;
  /** Stops it, closing every connection. */
  close(): Promise<void>;
}

/** Its one client, for the client_credentials grant (client_secret_basic). */
export const CLIENT_ID = "notes-agent";
export const CLIENT_SECRET = "a-client-secret-for-tests-only";

/**
 * A resource whose path ends so is issued an opaque access token (a random string, only
 * to be understood by introspection) instead of a JWT.
 */
export const OPAQUE_SUFFIX = "/opaque";

const isOpaque = (resource: string) => new URL(resource).pathname.endsWith(OPAQUE_SUFFIX);

const basicAuth = () => Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64");

let keyCount = 0;

/**
 * Where the provider keeps what it stores (here, nothing a JWT access token needs): a
 * map per model, in memory, gone with the process; passing one keeps the provider from
 * warning that its own quick-start adapter is in use.
 */
class MemoryAdapter {
  static readonly #stored = new Map<string, Record<string, unknown>>();
  readonly #model: string;

  constructor(model: string) {
    this.#model = model;
  }

  #key(id: string): string {
    return `${this.#model}:${id}`;
  }

  async upsert(id: string, payload: Record<string, unknown>): Promise<void> {
    MemoryAdapter.#stored.set(this.#key(id), payload);
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    return MemoryAdapter.#stored.get(this.#key(id));
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async findByUid(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const found = MemoryAdapter.#stored.get(this.#key(id));
    if (found !== undefined) found.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    MemoryAdapter.#stored.delete(this.#key(id));
  }

  async revokeByGrantId(): Promise<void> {}
}

async function newKey(): Promise<{ key: SigningKey; privateJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  keyCount += 1;
  const kid = `test-key-${keyCount}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  return { key: { kid, privateKey, publicJwk }, privateJwk };
}

function providerFor(issuer: string, privateJwks: readonly JWK[], scopes: string): Provider {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
        scope: scopes,
      },
    ],
    scopes: scopes.split(" "),
    jwks: { keys: privateJwks },
    adapter: MemoryAdapter,
    cookies: { keys: ["cookie-key-for-tests-only"] },
    ttl: { ClientCredentials: 600 },
    // An opaque client-credentials token has no account: its introspection names the
    // client as its subject, as a JWT one does in `sub`.
    extraTokenClaims: (_ctx: unknown, token: { clientId?: string; resourceServer?: unknown }) =>
      (token.resourceServer as { accessTokenFormat?: string } | undefined)?.accessTokenFormat ===
      "opaque"
        ? { sub: token.clientId }
        : undefined,
    features: {
      clientCredentials: { enabled: true },
      devInteractions: { enabled: false },
      // Its one client may introspect and revoke its own tokens (the defaults, said so).
      introspection: { enabled: true, allowedPolicy: async () => true },
      revocation: { enabled: true, allowedPolicy: async () => true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) =>
          isOpaque(resource)
            ? {
                scope: scopes,
                audience: resource,
                accessTokenTTL: 600,
                accessTokenFormat: "opaque",
              }
            : {
                scope: scopes,
                audience: resource,
                accessTokenTTL: 600,
                accessTokenFormat: "jwt",
                jwt: { sign: { alg: "RS256" } },
              },
      },
    },
  });
  return provider;
}

/** Starts an authorization server on 127.0.0.1 (a free port). */
export async function startAuthorizationServer(
  options: AuthorizationServerOptions = {},
): Promise<AuthorizationServer> {
  const scopes = (options.scopes ?? ["notes:read", "notes:write"]).join(" ");
  const counts = new Map<string, number>();
  let current: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    const path = request.url?.split("?")[0] ?? "";
    counts.set(path, (counts.get(path) ?? 0) + 1);
    if (current === undefined) response.writeHead(503).end();
    else current(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const first = await newKey();
  const keys = [first];
  // Newest first: oidc-provider signs with the first key that fits the algorithm.
  const serve = () => {
    current = providerFor(
      issuer,
      keys.map((entry) => entry.privateJwk),
      scopes,
    ).callback();
  };
  serve();

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    async token({ resource, scope }) {
      const body = new URLSearchParams({ grant_type: "client_credentials", resource });
      if (scope !== undefined) body.set("scope", scope);
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: { authorization: `Basic ${basicAuth()}` },
        body,
      });
      const answer = (await response.json()) as { access_token?: string; error?: string };
      if (response.status !== 200 || typeof answer.access_token !== "string") {
        throw new Error(
          `the token endpoint answered ${response.status}: ${JSON.stringify(answer)}`,
        );
      }
      return answer.access_token;
    },
    async revoke(token) {
      const response = await fetch(`${issuer}/token/revocation`, {
        method: "POST",
        headers: { authorization: `Basic ${basicAuth()}` },
        body: new URLSearchParams({ token, token_type_hint: "access_token" }),
      });
      if (response.status !== 200) {
        throw new Error(
          `the revocation endpoint answered ${response.status}: ${await response.text()}`,
        );
      }
    },
    signingKey: () => (keys[0] as (typeof keys)[number]).key,
    async rotateKey() {
      const next = await newKey();
      keys.unshift(next);
      serve();
      return next.key;
    },
    requests: (path) => counts.get(path) ?? 0,
    async close() {
      current = undefined;
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error === undefined ? resolve() : reject(error))),
      );
    },
  };
}
