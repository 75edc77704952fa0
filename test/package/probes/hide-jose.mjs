// `node --import ./hide-jose.mjs <program>`: jose cannot be resolved, as where it is not
// installed (resolved as a package that does not exist, so Node's own error says so).
import { register } from "node:module";

register("./hide-jose-hooks.mjs", import.meta.url);
