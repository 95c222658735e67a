/** npm run dev: the API with reload on change (port 3000) and Vite with hot reload (http://localhost:5173). */
import { spawn } from "node:child_process";

const children = [
  spawn("node", ["--import", "tsx", "--watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "development" },
  }),
  spawn("npx", ["vite", "--host", "127.0.0.1"], { stdio: "inherit" }),
];
console.log("Open http://localhost:5173 (the API runs on http://localhost:3000)");

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
