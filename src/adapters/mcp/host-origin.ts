/**
 * DNS-rebinding protection: which `Host` and `Origin` headers an HTTP server answers.
 *
 * A web page can point its own hostname at 127.0.0.1 and have the visitor's browser
 * post to a local server: the request then carries the page's hostname in `Host` and its
 * origin in `Origin`. The MCP specification says servers must validate `Origin`; the
 * SDK's `createMcpExpressApp` checks `Host` against the loopback names for loopback
 * binds. This module does both, before the body is read.
 *
 * @module
 */
import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";

/** An allow-list option: the entries accepted, or `"any"` to turn the check off. */
export type AllowList = readonly string[] | "any";

/** Who may call an HTTP server, by the `Host` and `Origin` headers of its requests. */
export interface McpAllowed {
  /**
   * Hostnames accepted in the `Host` header, without port (`mcp.example.com`, `[::1]`);
   * any other is answered 403 before the body is read. `"any"` turns the check off.
   * Default: `localhost`, `127.0.0.1` and `[::1]` (the SDK's `localhostHostValidation`)
   * for a handler and for a loopback bind; no check for another bind, which warns.
   */
  readonly hosts?: AllowList;
  /**
   * Origins accepted in the `Origin` header (`https://app.example.com`), compared after
   * normalising; any other is answered 403. A request without `Origin` (any client but a
   * browser) passes. `"any"` turns the check off. Default: any http(s) origin whose
   * hostname is in `hosts`, or a loopback name without it. The SDK checks no `Origin`
   * unless asked to.
   */
  readonly origins?: AllowList;
}

/**
 * The hostnames a loopback server answers to when `allowed.hosts` is not given: the list
 * of the SDK's `localhostHostValidation()`.
 */
const LOOPBACK_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** Which requests may reach the MCP server, resolved once per server. */
export interface HostOriginPolicy {
  /** Hostnames (lowercase, IPv6 in brackets) accepted in `Host`; undefined accepts any. */
  readonly hosts: ReadonlySet<string> | undefined;
  /** Whether an `Origin` header with this value may call. */
  readonly acceptsOrigin: (origin: string) => boolean;
}

/**
 * The policy for `options` on a server bound to `bind` (undefined: a handler whose bind is
 * not known, treated as loopback). `Host`: `allowed.hosts`, else the loopback names for a
 * loopback bind, else unchecked. `Origin` (when present): `allowed.origins`, else any
 * http(s) origin whose hostname is in `allowed.hosts` or, without it, a loopback name.
 * Throws, naming the entry, on an entry that is not a hostname or an origin.
 */
export function hostOriginPolicy(
  allowed: McpAllowed | undefined,
  bind: string | undefined,
): HostOriginPolicy {
  const { hosts: allowedHosts, origins: allowedOrigins } = allowed ?? {};
  const listed =
    allowedHosts === undefined || allowedHosts === "any" ? undefined : hostSet(allowedHosts);
  const loopback = new Set(LOOPBACK_HOSTS);
  const defaultHosts = bind === undefined || isLoopback(bind) ? loopback : undefined;
  const hosts = allowedHosts === "any" ? undefined : (listed ?? defaultHosts);
  return { hosts, acceptsOrigin: originCheck(allowedOrigins, listed ?? loopback) };
}

/**
 * Why `req` is refused (the message of a 403), or undefined when its `Host` and `Origin`
 * pass `policy`. Reads headers only, never the body.
 */
export function refusalOf(req: IncomingMessage, policy: HostOriginPolicy): string | undefined {
  return hostRefusal(req.headers.host, policy.hosts) ?? originRefusal(req.headers.origin, policy);
}

/**
 * The warning for binding `hostname` with `allowed.hosts`: one when the bind reaches beyond
 * loopback and no allow-list restricts `Host` (anything on the network, a rebound web
 * page included, may call); undefined otherwise. Wider than the SDK, which warns for
 * `0.0.0.0` and `::` only: a LAN address is as reachable by a rebound page.
 */
export function unprotectedBindWarning(
  hostname: string,
  allowedHosts: AllowList | undefined,
): string | undefined {
  if (allowedHosts !== undefined || isLoopback(hostname)) return undefined;
  return (
    `MCP server binds '${hostname}' with no Host check: a web page could reach it through ` +
    "DNS rebinding. List the hostnames it is served under in allowed.hosts, or pass " +
    'allowed: { hosts: "any" } if something in front of it checks them.'
  );
}

/** Whether `hostname` names the loopback interface: localhost, 127.0.0.0/8 or ::1. */
function isLoopback(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (bare === "localhost") return true;
  if (isIPv4(bare)) return bare.startsWith("127.");
  if (!isIPv6(bare)) return false;
  const normal = new URL(`http://[${bare}]`).hostname; // ::1 and 127.x mapped to IPv6
  return normal === "[::1]" || normal.startsWith("[::ffff:7f");
}

// The last `Host` each allow-list accepted: a client names the same one on every request,
// and parsing it as a URL was most of the check's cost.
const lastAccepted = new WeakMap<ReadonlySet<string>, string>();

function hostRefusal(host: string | undefined, hosts: ReadonlySet<string> | undefined) {
  if (hosts === undefined) return undefined;
  if (host === undefined || host === "") {
    return "the request has no Host header; this server answers only requests naming an allowed host";
  }
  if (lastAccepted.get(hosts) === host) return undefined;
  const hostname = hostnameOf(host);
  if (hostname !== undefined && hosts.has(hostname)) {
    lastAccepted.set(hosts, host);
    return undefined;
  }
  return `Host '${host}' is not allowed: add its hostname to allowed.hosts to serve it`;
}

function originRefusal(origin: string | undefined, policy: HostOriginPolicy) {
  // Clients other than browsers send no Origin; a browser always does on a POST.
  if (origin === undefined || policy.acceptsOrigin(origin)) return undefined;
  return `Origin '${origin}' is not allowed: add it to allowed.origins to accept it`;
}

function originCheck(
  allowedOrigins: AllowList | undefined,
  originHosts: ReadonlySet<string>,
): (origin: string) => boolean {
  if (allowedOrigins === "any") return () => true;
  if (allowedOrigins !== undefined) {
    const origins = originSet(allowedOrigins);
    return (origin) => {
      const url = originUrl(origin);
      return url !== undefined && origins.has(url.origin);
    };
  }
  return (origin) => {
    const url = originUrl(origin);
    return url !== undefined && originHosts.has(url.hostname);
  };
}

function hostSet(entries: readonly string[]): Set<string> {
  return new Set(
    entries.map((entry) => {
      const bracketed = isIPv6(entry) ? `[${entry}]` : entry;
      const hostname = hostnameOf(bracketed);
      const hasPort = bracketed.replace(/^\[[^\]]*\]/, "").includes(":");
      if (hostname === undefined || hasPort) {
        throw new Error(
          `allowed.hosts entry '${entry}' is not a hostname: list hostnames without scheme or ` +
            "port, e.g. 'mcp.example.com' or '[::1]'",
        );
      }
      return hostname;
    }),
  );
}

function originSet(entries: readonly string[]): Set<string> {
  return new Set(
    entries.map((entry) => {
      const url = originUrl(entry);
      if (url === undefined) {
        throw new Error(
          `allowed.origins entry '${entry}' is not an origin: list scheme, host and port ` +
            "only, e.g. 'https://app.example.com' or 'http://localhost:5173'",
        );
      }
      return url.origin;
    }),
  );
}

// The hostname of a Host header, normalised by the URL parser (lowercase, IPv4 dotted,
// IPv6 in brackets), or undefined when the header is anything but a host and a port:
// what the parser would read as a path, a query, a fragment or credentials is refused.
function hostnameOf(host: string): string | undefined {
  if (/[/?#@\\\s]/.test(host)) return undefined;
  return parsed(`http://${host}`)?.hostname;
}

// An http(s) origin, or undefined for anything with a path, query, fragment or credentials.
function originUrl(origin: string): URL | undefined {
  const url = parsed(origin);
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:"))
    return undefined;
  return url.href === `${url.origin}/` ? url : undefined;
}

function parsed(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
