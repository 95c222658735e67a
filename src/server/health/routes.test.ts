import net from "node:net";
import { InsertQueryNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { startPrivateRedis } from "../../../test/instances/private-redis.ts";
import { buildTestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { type Db, openDatabase } from "../db/database.ts";
import { healthRoutes, writeProbeEveryMs } from "./routes.ts";

describe("GET /healthz", () => {
  it("answers 200 when the database is reachable and takes writes (and says nothing of Redis without REDIS_URL)", async () => {
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

  it("answers checks that arrive together from one write probe, and writes again only after a while", async () => {
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
      const clock = testClock();
      const app = healthRoutes(counted, { clock });
      const answers = await Promise.all(Array.from({ length: 20 }, () => app.request("/")));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(probeWrites).toBe(1);
      // A load balancer's next checks, a few seconds apart: they read, and do not write again.
      clock.advance(writeProbeEveryMs - 1);
      expect((await app.request("/")).status).toBe(200);
      expect(probeWrites).toBe(1);
      clock.advance(1);
      expect((await app.request("/")).status).toBe(200);
      expect(probeWrites).toBe(2);
    } finally {
      await own.close();
    }
  });

  describe("with REDIS_URL set (a private redis-server)", () => {
    let server: Awaited<ReturnType<typeof startPrivateRedis>>;
    let own: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      server = await startPrivateRedis();
      own = await createTestDatabase();
    });
    afterAll(async () => {
      await server?.stop();
      await own?.close();
    });

    it("reports redis true while it is connected, false (still 200) while it is away, true once it is back", async () => {
      const site = buildTestApp(own.db, { env: { REDIS_URL: server.url } });
      onTestFinished(() => site.close());
      // ioredis notices a lost connection, and reconnects, on its own schedule (at most 2 s apart).
      const healthWith = (redis: boolean) =>
        vi.waitFor(
          async () => {
            const response = await site.app.request("/healthz");
            expect(response.status).toBe(200);
            expect(await response.json()).toEqual({ status: "ok", database: true, writable: true, redis });
          },
          { timeout: 10_000, interval: 100 },
        );

      await healthWith(true);
      await server.stop();
      await healthWith(false);
      await server.start();
      await healthWith(true);
    }, 20_000);
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
      // A connect timeout far past the test's own 10 s: only the health check's deadline can answer in time.
      db = openDatabase({
        databaseUrl: `postgres://postgres@127.0.0.1:${port}/test`,
        connectTimeoutMs: 60_000,
      });
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await db.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it("answers 503 by its own deadline, so a load balancer's check never hangs", async () => {
      const response = await buildTestApp(db).app.request("/healthz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: false, writable: false });
    }, 10_000);
  });
});
