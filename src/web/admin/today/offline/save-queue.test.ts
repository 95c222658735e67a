import "fake-indexeddb/auto";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  answerOf,
  importQueueKey,
  keepQueueKey,
  openOfflineDb,
  openSaveQueue,
  type QueuedSave,
  type SaveContent,
  type SendAnswer,
  storedQueueKey,
} from "./save-queue.ts";

let databases = 0;
const freshDb = () => `today-queue-test-${++databases}`;
const newQueueKey = () => importQueueKey(randomBytes(32).toString("base64url"));

const content = (feedback: string): SaveContent => ({
  lessonId: 7,
  record: {
    date: "2026-11-26",
    startTime: "09:00",
    swimmers: [{ swimmerId: "sw-1", attendance: "present", feedback }],
    assessments: [{ swimmerId: "sw-1", skillId: 3, ratingId: 4, note: "" }],
  },
  photos: [
    { swimmerId: "sw-1", name: "pool.jpg", type: "image/jpeg", bytes: new Uint8Array([1, 2, 3, 4]).buffer },
  ],
});

/** A server that answers from a script and remembers every try, by idempotency key. */
function scriptedServer(answers: SendAnswer[]) {
  const tries: string[] = [];
  const sender = async (save: QueuedSave): Promise<SendAnswer> => {
    tries.push(save.key);
    return answers.shift() ?? { kind: "accepted", lesson: null };
  };
  return { tries, sender };
}

describe("the save queue", () => {
  it("keeps a save's idempotency key through every retry until the server accepts it, then lets it go", async () => {
    const dbName = freshDb();
    const queue = openSaveQueue({ userId: "i1", key: await newQueueKey(), dbName });
    const save = await queue.add(content("Floated on her back"));
    const server = scriptedServer([{ kind: "unreachable" }, { kind: "unauthenticated" }]);

    expect((await queue.send(server.sender)).stoppedBy).toBe("unreachable");
    expect((await queue.send(server.sender)).stoppedBy).toBe("unauthenticated");
    expect(await queue.list()).toEqual([save]); // still pending after no signal and after a 401
    const accepted = await queue.send(server.sender);

    expect(server.tries).toEqual([save.key, save.key, save.key]);
    expect(accepted.accepted.map((each) => each.save.key)).toEqual([save.key]);
    expect(await queue.list()).toEqual([]);
  });

  it("gives each save its own key and sends them in the order they were made, even within one millisecond", async () => {
    const sameMillisecond = () => 1_764_000_000_000;
    const queue = openSaveQueue({
      userId: "i1",
      key: await newQueueKey(),
      dbName: freshDb(),
      now: sameMillisecond,
    });
    const first = await queue.add(content("first"));
    const second = await queue.add(content("second"));
    const third = await queue.add(content("third"));
    expect(new Set([first.key, second.key, third.key]).size).toBe(3);
    const server = scriptedServer([]);
    await queue.send(server.sender);
    expect(server.tries).toEqual([first.key, second.key, third.key]);
  });

  it("keeps a refused save, its content and the server's reason, sends the next ones, and never resends it", async () => {
    const queue = openSaveQueue({ userId: "i1", key: await newQueueKey(), dbName: freshDb() });
    const moved = await queue.add(content("Kicked with a board"));
    const next = await queue.add(content("Blew bubbles"));
    const refusal = { status: 409, code: "lesson-moved", message: "This lesson moved to Dec 3 at 10:00." };
    const server = scriptedServer([{ kind: "refused", refusal }]);

    const outcome = await queue.send(server.sender);
    expect(outcome.refused.map((save) => save.key)).toEqual([moved.key]);
    expect(outcome.accepted.map((each) => each.save.key)).toEqual([next.key]);
    const kept = await queue.list();
    expect(kept).toHaveLength(1);
    expect(kept[0]?.refusal).toEqual(refusal);
    expect(kept[0]?.record.swimmers[0]?.feedback).toBe("Kicked with a board");
    expect(kept[0]?.record.assessments).toEqual([{ swimmerId: "sw-1", skillId: 3, ratingId: 4, note: "" }]);
    expect(new Uint8Array(kept[0]?.photos[0]?.bytes ?? new ArrayBuffer(0))).toEqual(
      new Uint8Array([1, 2, 3, 4]),
    );

    await queue.send(server.sender);
    expect(server.tries).toEqual([moved.key, next.key]);
    await queue.discard(moved.key);
    expect(await queue.list()).toEqual([]);
  });

  it("lets nobody else read a save: another person's key opens nothing, and the stored row holds no text", async () => {
    const dbName = freshDb();
    const ownKey = await newQueueKey();
    const mine = openSaveQueue({ userId: "i1", key: ownKey, dbName });
    await mine.add(content("Secret words about Nora"));

    // Someone else signs in on the phone: their own key, and even if they claim to be i1.
    const otherKey = await newQueueKey();
    expect(await openSaveQueue({ userId: "i2", key: otherKey, dbName }).list()).toEqual([]);
    const impostor = openSaveQueue({ userId: "i1", key: otherKey, dbName });
    expect(await impostor.list()).toEqual([]);
    const server = scriptedServer([]);
    await impostor.send(server.sender);
    expect(server.tries).toEqual([]);

    const db = await openOfflineDb(dbName);
    const rows = await db.getAll("saves");
    db.close();
    expect(rows).toHaveLength(1);
    const stored = new TextDecoder().decode(rows[0]?.sealed);
    expect(stored).not.toContain("Secret words");
    expect(stored).not.toContain("sw-1");

    // The same person, signed in again with the same key from the server, reads it.
    const again = openSaveQueue({ userId: "i1", key: ownKey, dbName });
    expect((await again.list())[0]?.record.swimmers[0]?.feedback).toBe("Secret words about Nora");
  });

  it("keeps one person's key only, and cannot give it back as bytes", async () => {
    const dbName = freshDb();
    const first = await newQueueKey();
    await keepQueueKey("i1", first, dbName);
    expect(await storedQueueKey("i1", dbName)).not.toBeNull();
    await keepQueueKey("i2", await newQueueKey(), dbName);
    expect(await storedQueueKey("i1", dbName)).toBeNull();
    await expect(crypto.subtle.exportKey("raw", first)).rejects.toThrow();
  });

  it("counts 401 and 5xx as later, and any other 4xx as a refusal with the server's message", () => {
    expect(answerOf(200, { message: "Saved", lesson: null })).toEqual({ kind: "accepted", lesson: null });
    expect(answerOf(401, {})).toEqual({ kind: "unauthenticated" });
    expect(answerOf(503, {})).toEqual({ kind: "unreachable" });
    expect(answerOf(429, {})).toEqual({ kind: "unreachable" });
    expect(
      answerOf(404, { error: { code: "lesson-not-found", message: "This lesson was deleted." } }),
    ).toEqual({
      kind: "refused",
      refusal: { status: 404, code: "lesson-not-found", message: "This lesson was deleted." },
    });
  });
});
