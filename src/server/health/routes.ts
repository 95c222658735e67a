import { Hono } from "hono";
import { type Db, isDatabaseReachable } from "../db/database.ts";

export function healthRoutes(db: Db) {
  return new Hono().get("/", async (c) => {
    const database = await isDatabaseReachable(db);
    return c.json({ status: database ? "ok" : "unavailable", database }, database ? 200 : 503);
  });
}
