import net from "node:net";
import { InsertQueryNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { type Db, openDatabase } from "../db/database.ts";
import { healthRoutes } from "./routes.ts";

describe("GET /healthz", () => {
  it("answers 200 when the database is reachable and takes writes", async () => {
    const own = await createTestDatabase();
    try {
      const response = await buildTestApp(own.db).app.request("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", database: true, writable: true });
      // The probe leaves nothing behind.
      expect(
        await own.db
          .selectFrom("healthProbe" as never)
          .selectAll()
          .execute(),
      ).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it("answers checks that arrive together from one write probe", async () => {
    const own = await createTestDatabase();
    try {
      let probeWrites = 0;
      const counted = own.db.withPlugin({
        transformQuery: ({ node }) => {
          if (InsertQueryNode.is(node)) probeWrites++;
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const app = healthRoutes(counted);
      const answers = await Promise.all(Array.from({ length: 20 }, () => app.request("/")));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(probeWrites).toBe(1);
      await app.request("/");
      expect(probeWrites).toBe(2); // a later check probes afresh
    } finally {
      await own.close();
    }
  });

  describe("on a PostgreSQL that accepts connections and never answers", () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    let db: Db;
    beforeAll(async () => {
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      const { port } = silent.address() as net.AddressInfo;
      // The default connect timeout (3 s) is longer than the health deadline: the deadline must answer first.
      db = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/test` });
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await db.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it("answers 503 within 2 s, so a load balancer's check never hangs", async () => {
      const started = performance.now();
      const response = await buildTestApp(db).app.request("/healthz");
      const elapsed = performance.now() - started;
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: false, writable: false });
      expect(elapsed).toBeLessThan(2000);
    }, 10_000);
  });
});
