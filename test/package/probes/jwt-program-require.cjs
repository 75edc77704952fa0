// jwt-program.cjs as a CommonJS program requires it: `node jwt-program-require.cjs <mode>`.
"use strict";

const { runJwtProgram } = require("./jwt-program.cjs");

runJwtProgram(require("toolwright/mcp"), process.argv[2]).then((report) => {
  process.stdout.write(JSON.stringify(report));
});
