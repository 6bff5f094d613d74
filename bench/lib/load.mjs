// autocannon, without its per-response body capture.
import { createRequire } from "node:module";
import autocannon from "autocannon";

// autocannon appends every response body to a string (`req.body += data`), only for its
// expectBody/verifyBody options, which we do not use. For gzip bodies that UTF-8 decoding of
// binary data costs the load generator more than the servers spend answering: both the app and
// nginx then measure about 11 000 req/s, a limit of autocannon. Bytes are still counted.
const require = createRequire(import.meta.url);
const PipelinedRequestsQueue = require("autocannon/lib/pipelinedRequestsQueue.js");
PipelinedRequestsQueue.prototype.addBody = function addBody() {};

/** Loads `url` with `connections` keep-alive connections for `duration` seconds. */
export function load({ url, headers, connections, duration }) {
  return autocannon({ url, headers, connections, duration });
}
