// The resolve hook of hide-jose.mjs: `jose` and its subpaths resolve as a missing package.
export async function resolve(specifier, context, next) {
  if (specifier === "jose" || specifier.startsWith("jose/")) {
    return next("jose-is-not-installed-here", context);
  }
  return next(specifier, context);
}
