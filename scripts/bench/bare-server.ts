/** The yardstick every bench figure is divided by: a bare Hono text route on the same machine, in the same run. */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("/", (c) => c.text("ok"));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, () =>
  console.log('{"message":"listening"}'),
);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
