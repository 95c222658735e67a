import { threadId } from "node:worker_threads";
import { countTask } from "../../src/server/db/counting.ts";

/** A count that says which thread ran it and what it read there (db/counting.test.ts). */
export const threadOfCount = countTask(import.meta.url, "threadOfCount", async (db, _input: null) => {
  const row = await db
    .selectFrom("mailOutbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return { threadId, mails: Number(row?.n ?? 0) };
});

/** A count that fails, as a query can. */
export const failingCount = countTask(import.meta.url, "failingCount", async (db, _input: null) => {
  await db
    .selectFrom("noSuchTable" as never)
    .selectAll()
    .execute();
  return null;
});
