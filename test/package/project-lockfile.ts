/**
 * The package.json and package-lock.json of a fresh project that installs the packed
 * tarball and the peers it is tested with, cut from the repository's own lockfile.
 *
 * Why a lockfile: the test installs without network, from the npm cache `npm ci` filled.
 * `npm install <name>@<version>` cannot do that: npm 11 resolves named specs from full
 * packuments, while `npm ci` caches only the abbreviated ones (a lockfile install
 * fetches nothing else), so an offline `npm install zod@4.6.7` fails with ENOTCACHED.
 * `npm ci --offline` over a lockfile reads exactly what `npm ci` cached.
 *
 * @module
 */

/** One `packages` entry of a lockfile (v2 or v3). */
export interface LockEntry {
  readonly version?: string;
  readonly resolved?: string;
  readonly integrity?: string;
  readonly dev?: boolean;
  readonly optional?: boolean;
  readonly devOptional?: boolean;
  readonly peer?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly [field: string]: unknown;
}

/** A package-lock.json, as far as this module reads it. */
export interface Lockfile {
  readonly lockfileVersion: number;
  readonly packages: Readonly<Record<string, LockEntry>>;
}

/** The fields of the packed package.json the lockfile repeats. */
export interface PackedManifest {
  readonly name: string;
  readonly version: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly bin?: Readonly<Record<string, string>>;
  readonly engines?: Readonly<Record<string, string>>;
}

/** The tarball `npm pack` wrote. */
export interface PackedTarball {
  /** Absolute path of the .tgz. */
  readonly file: string;
  /** Its `sha512-…` integrity, as `npm pack --json` reports it. */
  readonly integrity: string;
  readonly manifest: PackedManifest;
}

/** What to write into the fresh project before `npm ci --offline`. */
export interface ProjectFiles {
  readonly packageJson: object;
  readonly lockfile: object;
}

/**
 * What the project installs beside the tarball: each package's name, and the location of
 * the repository's lockfile entry it installs from, e.g. `{ zod: "node_modules/zod-3-25" }`
 * installs the repository's aliased Zod 3.25 as `zod` (the same tarball, so the npm cache
 * holds it).
 */
export type ProjectDependencies = Readonly<Record<string, string>>;

/** Every peer the package declares, each from its own entry in the repository's lockfile. */
export function peerDependenciesOf(manifest: PackedManifest): ProjectDependencies {
  return Object.fromEntries(
    Object.keys(manifest.peerDependencies ?? {}).map((name) => [name, `node_modules/${name}`]),
  );
}

/**
 * The project that depends on the tarball and on `dependencies` (by default every peer
 * the tarball declares), each at the version of the repository's lockfile entry it names.
 * Every other package is the entry the repository's lockfile resolves, at the same place
 * in node_modules, so the install reproduces the repository's tree for the packages the
 * project needs.
 */
export function projectFiles(
  repoLock: Lockfile,
  tarball: PackedTarball,
  dependencies: ProjectDependencies = peerDependenciesOf(tarball.manifest),
): ProjectFiles {
  const { manifest } = tarball;
  // Each dependency's entry moved to node_modules/<name>, where its dependents find it.
  const placed = Object.fromEntries(
    Object.entries(dependencies).map(([name, location]) => {
      const { name: _alias, ...entry } = entryAt(repoLock, location);
      return [`node_modules/${name}`, entry];
    }),
  );
  const lock: Lockfile = { ...repoLock, packages: { ...repoLock.packages, ...placed } };
  const versions = Object.fromEntries(
    Object.keys(dependencies).map((name) => [name, lockedVersion(lock, name)]),
  );
  const allDependencies = { [manifest.name]: `file:${tarball.file}`, ...versions };
  const starts = [...Object.keys(versions), ...Object.keys(manifest.dependencies ?? {})].map(
    (name) => `node_modules/${name}`,
  );
  const packages: Record<string, LockEntry> = {
    "": { name: "toolwright-package-test", dependencies: allDependencies },
    [`node_modules/${manifest.name}`]: {
      version: manifest.version,
      resolved: `file:${tarball.file}`,
      integrity: tarball.integrity,
      // npm ci links bins and checks peers from the lockfile, not the unpacked package.
      // (JSON.stringify leaves out a field that is undefined.)
      dependencies: manifest.dependencies,
      peerDependencies: manifest.peerDependencies,
      peerDependenciesMeta: manifest.peerDependenciesMeta,
      bin: manifest.bin,
      engines: manifest.engines,
    },
    ...closure(lock, starts),
  };
  return {
    packageJson: {
      name: "toolwright-package-test",
      private: true,
      dependencies: allDependencies,
    },
    lockfile: { name: "toolwright-package-test", lockfileVersion: 3, requires: true, packages },
  };
}

function entryAt(lock: Lockfile, location: string): LockEntry {
  const entry = lock.packages[location];
  if (entry === undefined)
    throw new Error(`package-lock.json holds no ${location}; run npm install`);
  return entry;
}

function lockedVersion(lock: Lockfile, name: string): string {
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (version === undefined) {
    throw new Error(`package-lock.json holds no node_modules/${name}; run npm install`);
  }
  return version;
}

/**
 * Every lockfile location reachable from `starts` through dependencies, optional
 * dependencies and peers, resolved as Node does: the nearest `node_modules/<name>` up
 * from the dependent's own location.
 */
function closure(lock: Lockfile, starts: readonly string[]): Record<string, LockEntry> {
  const found: Record<string, LockEntry> = {};
  const queue = [...starts];
  for (let location = queue.pop(); location !== undefined; location = queue.pop()) {
    if (Object.hasOwn(found, location)) continue;
    const entry = lock.packages[location];
    if (entry === undefined) throw new Error(`package-lock.json holds no ${location}`);
    found[location] = asDependency(location, entry);
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}),
    ];
    for (const name of names) {
      const resolved = resolveFrom(lock, location, name);
      // An optional dependency or peer the repository never installed stays out here too.
      if (resolved !== undefined) queue.push(resolved);
    }
  }
  return found;
}

/**
 * The repository's entry as a dependency of the fresh project: its dev and peer flags
 * dropped (everything here is a production dependency), optional kept so that npm skips
 * the platform packages (`@esbuild/<platform>`) this machine cannot use, and its tarball's
 * registry address added when the lockfile leaves it out. With the address and the
 * integrity, npm reads the tarball from its cache by integrity and needs no packument:
 * `npm install <name>` caches the full packument, which `npm ci` would not find, so a
 * package added by `npm install` would otherwise fail offline (ENOTCACHED).
 */
function asDependency(location: string, entry: LockEntry): LockEntry {
  const { dev: _dev, devOptional, peer: _peer, optional, ...rest } = entry;
  const withAddress = { ...rest, resolved: rest.resolved ?? registryAddress(location, entry) };
  return optional === true || devOptional === true
    ? { ...withAddress, optional: true }
    : withAddress;
}

/** Where the public registry serves the tarball of a registry entry, or `undefined`. */
function registryAddress(location: string, entry: LockEntry): string | undefined {
  if (entry.version === undefined || entry.integrity === undefined || entry.link === true) {
    return undefined;
  }
  const name =
    typeof entry.name === "string"
      ? entry.name
      : location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
  const file = name.slice(name.indexOf("/") + 1);
  return `https://registry.npmjs.org/${name}/-/${file}-${entry.version}.tgz`;
}

function resolveFrom(lock: Lockfile, location: string, name: string): string | undefined {
  for (let base = location; ; ) {
    const candidate = `${base === "" ? "" : `${base}/`}node_modules/${name}`;
    if (Object.hasOwn(lock.packages, candidate)) return candidate;
    if (base === "") return undefined;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent === -1 ? "" : base.slice(0, parent);
  }
}
