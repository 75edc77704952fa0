/**
 * The little of oidc-provider's API the authorization-server fixture uses (the package
 * ships no declarations): a Koa application built from an issuer and a configuration.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  /** The provider's configuration, as its documentation describes it. */
  export type Configuration = Readonly<Record<string, unknown>>;

  /** An OpenID Provider: a Koa application. */
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    /** Koa's request listener, for `http.createServer`. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    /** Koa's events (`server_error`, `grant.error`, …). */
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
