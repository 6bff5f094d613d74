// `npm run dev`: the Vite dev server (hot reload) and the API server in watch mode, together.
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
// The pages' port; another than 5173 fails at once when it is taken instead of moving on.
const devPort = process.env.DEV_PORT;
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: apiPort,
      NODE_ENV: "development",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    },
  }),
  spawn("npx", ["react-router", "dev", ...(devPort ? ["--port", devPort, "--strictPort"] : [])], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
