/**
 * Where an authorization server publishes its signing keys (the `jwks_uri` of its
 * metadata) or answers token introspection (its `introspection_endpoint`), read from the well-known addresses the MCP authorization spec lists (RFC
 * 8414's OAuth metadata first, then OpenID Connect discovery), and accepted only when the
 * metadata names the same issuer (RFC 8414 §3.3).
 *
 * @module
 */
import { messageOf } from "../../core/describe";

/** How long one metadata request may take. */
const DISCOVERY_TIMEOUT_MS = 5_000;
/** Metadata is a few kilobytes; past this it is not read. */
const MAX_METADATA_CHARS = 256 * 1024;

/**
 * The addresses an issuer's metadata may be at, in the order the MCP authorization spec
 * tries them: for `https://as.example/tenant`, `/.well-known/oauth-authorization-server/tenant`,
 * `/.well-known/openid-configuration/tenant`, then `/tenant/.well-known/openid-configuration`;
 * for an issuer without a path, the first two.
 */
export function metadataAddresses(issuer: string): URL[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, "");
  const at = (pathname: string) => new URL(pathname, url.origin);
  if (path === "") {
    return [at("/.well-known/oauth-authorization-server"), at("/.well-known/openid-configuration")];
  }
  return [
    at(`/.well-known/oauth-authorization-server${path}`),
    at(`/.well-known/openid-configuration${path}`),
    at(`${path}/.well-known/openid-configuration`),
  ];
}

/** A metadata field naming an endpoint, and what it is, for an error. */
type EndpointField = "jwks_uri" | "introspection_endpoint";

const WHAT: Readonly<Record<EndpointField, string>> = {
  jwks_uri: "its keys",
  introspection_endpoint: "its introspection endpoint",
};

/**
 * The `jwks_uri` of `issuer`'s metadata. Rejects with an error saying, for each address
 * tried, why it gave none (not found, not JSON, another issuer, no `jwks_uri`).
 */
export function discoverJwksUrl(issuer: string): Promise<URL> {
  return discoverEndpoint(issuer, "jwks_uri");
}

/**
 * The `introspection_endpoint` (RFC 7662) of `issuer`'s metadata, found and checked as
 * {@link discoverJwksUrl} finds the keys.
 */
export function discoverIntrospectionEndpoint(issuer: string): Promise<URL> {
  return discoverEndpoint(issuer, "introspection_endpoint");
}

async function discoverEndpoint(issuer: string, field: EndpointField): Promise<URL> {
  const failures: string[] = [];
  for (const address of metadataAddresses(issuer)) {
    try {
      return await endpointAt(address, issuer, field);
    } catch (error) {
      failures.push(`${address.href}: ${messageOf(error)}`);
    }
  }
  throw new Error(`no metadata of ${issuer} names ${WHAT[field]} (${failures.join("; ")})`);
}

async function endpointAt(address: URL, issuer: string, field: EndpointField): Promise<URL> {
  const response = await fetch(address, {
    headers: { accept: "application/json" },
    redirect: "manual",
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
  });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`answered ${response.status}`);
  }
  const text = await response.text();
  if (text.length > MAX_METADATA_CHARS) throw new Error("answered more than 256 KiB");
  let metadata: unknown;
  try {
    metadata = JSON.parse(text);
  } catch {
    throw new Error("answered no JSON");
  }
  if (typeof metadata !== "object" || metadata === null) throw new Error("answered no object");
  const fields = metadata as { issuer?: unknown } & Partial<Record<EndpointField, unknown>>;
  if (fields.issuer !== issuer) throw new Error("its metadata names another issuer");
  const value = fields[field];
  if (typeof value !== "string") throw new Error(`its metadata has no ${field}`);
  const endpoint = httpUrl(value);
  if (endpoint === undefined) throw new Error(`its ${field} is no http(s) URL`);
  return endpoint;
}

/** `text` as an http: or https: URL, or `undefined` when it is none. */
export function httpUrl(text: string | URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
}
