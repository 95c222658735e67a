/** npm run dev: the API with reload on change (port 3000) and Vite with hot reload (http://localhost:5173). */
import { spawn } from "node:child_process";

const children = [
  spawn("node", ["--import", "tsx", "--watch", "src/server/main.ts"], {
    stdio: "inherit",
    // The browser talks to Vite, which forwards /api: links in mails and the same-origin check use Vite's address.
    env: {
      ...process.env,
      NODE_ENV: "development",
      PUBLIC_URL: process.env.PUBLIC_URL || "http://localhost:5173",
    },
  }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
console.log("Open http://localhost:5173 (the API runs on http://localhost:3000)");

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
