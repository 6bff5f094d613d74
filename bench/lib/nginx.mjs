// A private nginx for benchmarks: own config, pid and logs in a temporary folder.
import { chmod, writeFile } from "node:fs/promises";
import path from "node:path";
import { start } from "./processes.mjs";

export const NGINX = "/usr/sbin/nginx";

// Headers nginx writes itself (or that describe the connection): never copied from the app.
const OWN_HEADERS = new Set([
  "accept-ranges",
  "connection",
  "content-encoding",
  "content-length",
  "content-type",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "transfer-encoding",
  "vary",
]);

function quoted(value) {
  // nginx would expand `$name` as a variable; no header of ours contains one.
  if (value.includes("$"))
    throw new Error(`cannot pass a header containing "$" to nginx: ${value}`);
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}

/** Of OWN_HEADERS, those nginx writes only for gzip_static: a file sent encoded as it is needs them. */
const ENCODING_HEADERS = new Set(["content-encoding", "vary"]);

/**
 * The config: static files from `root` (precompressed .gz via gzip_static, ETags), plus
 * `locations` ([{ url, file, headers, encoded }]) answering one exact URL with one file: its
 * `content-type` and the other headers of `headers` that nginx does not write itself, so both
 * servers send the same bytes and the same headers (e.g. a page's CSP, a copy of an API answer).
 * `encoded`: the file is the compressed body itself (a br copy of an API answer, which nginx
 * cannot negotiate), sent with the `content-encoding` and `vary` of `headers`.
 */
export function nginxConfig({ dir, port, root, locations = [] }) {
  const extras = locations
    .map(({ url, file, headers = {}, encoded = false }) => {
      const lines = [`    location = ${url} {`];
      lines.push(
        `      default_type ${quoted(headers["content-type"] ?? "application/octet-stream")};`,
      );
      lines.push(`      alias ${file};`);
      for (const [name, value] of Object.entries(headers)) {
        const own = OWN_HEADERS.has(name.toLowerCase());
        if (!own || (encoded && ENCODING_HEADERS.has(name.toLowerCase())))
          lines.push(`      add_header ${name} ${quoted(value)};`);
      }
      lines.push("    }");
      return lines.join("\n");
    })
    .join("\n");
  return `worker_processes auto;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "nginx-error.log")} warn;

events {
  worker_connections 4096;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 100000;
  etag on;
  gzip_static on;
  gzip_vary on;
  server_tokens off;
  client_body_temp_path ${path.join(dir, "body")};
  proxy_temp_path ${path.join(dir, "proxy")};
  fastcgi_temp_path ${path.join(dir, "fastcgi")};
  uwsgi_temp_path ${path.join(dir, "uwsgi")};
  scgi_temp_path ${path.join(dir, "scgi")};

  server {
    listen 127.0.0.1:${port};
    root ${root};
${extras}
    location / {
      try_files $uri $uri/index.html =404;
    }
  }
}
`;
}

/** Writes the config into `dir` and starts nginx in the foreground (stop it with processes.stop). */
export async function startNginx(options) {
  // Run as root, nginx workers drop to an unprivileged user: they must be able to read `dir`.
  await chmod(options.dir, 0o755);
  for (const { file } of options.locations ?? []) {
    await chmod(file, 0o644).catch(() => {}); // Files of the build are readable already.
  }
  const configFile = path.join(options.dir, "nginx.conf");
  await writeFile(configFile, nginxConfig(options));
  return start(
    NGINX,
    ["-c", configFile, "-p", options.dir, "-e", path.join(options.dir, "nginx-error.log")],
    {
      env: process.env,
      cwd: options.dir,
      logFile: path.join(options.dir, "nginx-stdout.log"),
    },
  );
}
