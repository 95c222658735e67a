import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { TodayLesson } from "../../../../domain/today.ts";
import type { LessonRecordInput } from "../../../../domain/today-schemas.ts";

/**
 * The instructor's saves on /today, kept on the phone until the server accepts them (issue 27, docs/decisions/023).
 * Each save gets its idempotency key when it is made and keeps it through every retry, so a save sent twice (no
 * answer came back, two tabs, Background Sync and the page at once) is written once. Its content (the record and
 * the photos) is sealed with AES-GCM under the signed-in person's queue key: another person signing in on the same
 * phone gets another key and can read none of it. Only who made it, its key and when stay in clear, to pick one's
 * own saves and keep their order.
 */

export const offlineDbName = "swim-school-today";
const savesStore = "saves";
const keysStore = "queue-keys";

export interface QueuedPhoto {
  swimmerId: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/** What a save sends: the lesson, its record (the JSON part) and the photos taken. */
export interface SaveContent {
  lessonId: number;
  record: LessonRecordInput;
  photos: QueuedPhoto[];
}

/** The server's refusal of a save (a 4xx other than 401), shown on the lesson with the unsent content. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
}

export interface QueuedSave extends SaveContent {
  /** The Idempotency-Key, made with the save and sent with every try. */
  key: string;
  createdAt: number;
  /** Null while pending. */
  refusal: Refusal | null;
}

interface StoredSave {
  key: string;
  userId: string;
  createdAt: number;
  iv: Uint8Array<ArrayBuffer>;
  sealed: ArrayBuffer;
}

interface StoredKey {
  userId: string;
  key: CryptoKey;
}

interface OfflineSchema extends DBSchema {
  saves: { key: string; value: StoredSave; indexes: { byUser: string } };
  "queue-keys": { key: string; value: StoredKey };
}

export function openOfflineDb(name = offlineDbName): Promise<IDBPDatabase<OfflineSchema>> {
  return openDB<OfflineSchema>(name, 1, {
    upgrade(db) {
      db.createObjectStore(savesStore, { keyPath: "key" }).createIndex("byUser", "userId");
      db.createObjectStore(keysStore, { keyPath: "userId" });
    },
  });
}

/** The queue key the server gave (base64url of 32 bytes), as a key the page can use but never read back. */
export function importQueueKey(base64url: string): Promise<CryptoKey> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const raw = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** The signed-in person's queue key kept on the phone (so an offline reload reads the pending saves), or null. */
export async function storedQueueKey(userId: string, dbName = offlineDbName): Promise<CryptoKey | null> {
  const db = await openOfflineDb(dbName);
  try {
    return (await db.get(keysStore, userId))?.key ?? null;
  } finally {
    db.close();
  }
}

/** Keeps `userId`'s key, and only theirs: a key left by someone else (a session that expired) goes. */
export async function keepQueueKey(userId: string, key: CryptoKey, dbName = offlineDbName): Promise<void> {
  const db = await openOfflineDb(dbName);
  try {
    const tx = db.transaction(keysStore, "readwrite");
    await tx.store.clear();
    await tx.store.put({ userId, key });
    await tx.done;
  } finally {
    db.close();
  }
}

/** The one key on the phone and whose it is (Background Sync sends that person's saves), or null. */
export async function onlyStoredKey(dbName = offlineDbName): Promise<StoredKey | null> {
  const db = await openOfflineDb(dbName);
  try {
    const all = await db.getAll(keysStore);
    return all.length === 1 ? (all[0] as StoredKey) : null;
  } finally {
    db.close();
  }
}

/** What the sender made of one try. */
export type SendAnswer =
  | { kind: "accepted"; lesson: TodayLesson | null }
  | { kind: "refused"; refusal: Refusal }
  /** 401: the session ended; the save waits for the same person to sign in again. */
  | { kind: "unauthenticated" }
  /** No signal, a timeout or a server error: try again later, with the same key. */
  | { kind: "unreachable" };

export type Sender = (save: QueuedSave) => Promise<SendAnswer>;

export interface SendOutcome {
  accepted: { save: QueuedSave; lesson: TodayLesson | null }[];
  refused: QueuedSave[];
  /** Why sending stopped before the end, if it did. */
  stoppedBy: "unauthenticated" | "unreachable" | null;
}

/** How a server's answer to a save counts (the refusals of docs/api.md "/today"). */
export function answerOf(status: number, body: unknown): SendAnswer {
  if (status >= 200 && status < 300) {
    const lesson = (body as { lesson?: TodayLesson } | undefined)?.lesson ?? null;
    return { kind: "accepted", lesson };
  }
  if (status === 401) return { kind: "unauthenticated" };
  // 408 and 429 say "later", as a server error does: the save is not refused.
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
    return {
      kind: "refused",
      refusal: { status, code: error?.code ?? "other", message: error?.message ?? "" },
    };
  }
  return { kind: "unreachable" };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface SealedHeader {
  lessonId: number;
  record: LessonRecordInput;
  refusal: Refusal | null;
  photos: { swimmerId: string; name: string; type: string; size: number }[];
}

/** The header's length (4 bytes), the header as JSON, then each photo's bytes. */
function pack(save: QueuedSave): Uint8Array<ArrayBuffer> {
  const header: SealedHeader = {
    lessonId: save.lessonId,
    record: save.record,
    refusal: save.refusal,
    photos: save.photos.map(({ swimmerId, name, type, bytes }) => ({
      swimmerId,
      name,
      type,
      size: bytes.byteLength,
    })),
  };
  const json = encoder.encode(JSON.stringify(header));
  const total = 4 + json.length + save.photos.reduce((sum, photo) => sum + photo.bytes.byteLength, 0);
  const packed = new Uint8Array(total);
  new DataView(packed.buffer).setUint32(0, json.length);
  packed.set(json, 4);
  let at = 4 + json.length;
  for (const photo of save.photos) {
    packed.set(new Uint8Array(photo.bytes), at);
    at += photo.bytes.byteLength;
  }
  return packed;
}

function unpack(key: string, createdAt: number, packed: ArrayBuffer): QueuedSave {
  const length = new DataView(packed).getUint32(0);
  const header = JSON.parse(decoder.decode(new Uint8Array(packed, 4, length))) as SealedHeader;
  let at = 4 + length;
  const photos = header.photos.map(({ size, ...photo }) => {
    const bytes = packed.slice(at, at + size);
    at += size;
    return { ...photo, bytes };
  });
  return {
    key,
    createdAt,
    lessonId: header.lessonId,
    record: header.record,
    refusal: header.refusal,
    photos,
  };
}

/** Binds a sealed save to its owner and key: moved to another person's row or key, it no longer opens. */
const boundTo = (userId: string, key: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(encoder.encode(`${userId}\n${key}`));

export interface SaveQueue {
  /** Queues a save under a new idempotency key; it stays until accepted or discarded. */
  add(content: SaveContent): Promise<QueuedSave>;
  /** This person's saves, oldest first; anything they cannot open (another person's) is left out. */
  list(): Promise<QueuedSave[]>;
  discard(key: string): Promise<void>;
  /**
   * Sends the pending saves in order, one at a time, each with its own key: an accepted save leaves the queue, a
   * refused one stays with the server's reason, and a 401 or no signal stops until the next try.
   */
  send(sender: Sender): Promise<SendOutcome>;
}

export function openSaveQueue({
  userId,
  key,
  dbName = offlineDbName,
  newKey = () => crypto.randomUUID(),
  now = () => Date.now(),
}: {
  userId: string;
  key: CryptoKey;
  dbName?: string;
  newKey?: () => string;
  now?: () => number;
}): SaveQueue {
  const seal = async (save: QueuedSave): Promise<StoredSave> => {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: boundTo(userId, save.key) },
      key,
      pack(save),
    );
    return { key: save.key, userId, createdAt: save.createdAt, iv, sealed };
  };
  const open = async (stored: StoredSave): Promise<QueuedSave | null> => {
    try {
      const packed = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: stored.iv, additionalData: boundTo(userId, stored.key) },
        key,
        stored.sealed,
      );
      return unpack(stored.key, stored.createdAt, packed);
    } catch {
      return null; // sealed under another key: not this person's to read
    }
  };
  const withDb = async <T>(work: (db: IDBPDatabase<OfflineSchema>) => Promise<T>): Promise<T> => {
    const db = await openOfflineDb(dbName);
    try {
      return await work(db);
    } finally {
      db.close();
    }
  };
  const list = () =>
    withDb(async (db) => {
      const stored = await db.getAllFromIndex(savesStore, "byUser", userId);
      const opened = await Promise.all(stored.map(open));
      return opened
        .filter((save): save is QueuedSave => save !== null)
        .sort((a, b) => a.createdAt - b.createdAt);
    });
  const put = async (save: QueuedSave) => {
    const stored = await seal(save);
    await withDb((db) => db.put(savesStore, stored));
  };
  const discard = (saveKey: string) =>
    withDb(async (db) => {
      const stored = await db.get(savesStore, saveKey);
      if (stored?.userId === userId) await db.delete(savesStore, saveKey);
    });

  let sending: Promise<SendOutcome> | null = null;
  const sendAll = async (sender: Sender): Promise<SendOutcome> => {
    const outcome: SendOutcome = { accepted: [], refused: [], stoppedBy: null };
    for (const save of await list()) {
      if (save.refusal) continue;
      let answer: SendAnswer;
      try {
        answer = await sender(save);
      } catch {
        answer = { kind: "unreachable" };
      }
      if (answer.kind === "accepted") {
        await discard(save.key);
        outcome.accepted.push({ save, lesson: answer.lesson });
      } else if (answer.kind === "refused") {
        const refused = { ...save, refusal: answer.refusal };
        await put(refused);
        outcome.refused.push(refused);
      } else {
        outcome.stoppedBy = answer.kind;
        break;
      }
    }
    return outcome;
  };

  return {
    async add(content) {
      // Two saves in one millisecond would otherwise sort by their random keys: each comes strictly after the last.
      const latest = await withDb(async (db) =>
        Math.max(
          0,
          ...(await db.getAllFromIndex(savesStore, "byUser", userId)).map((stored) => stored.createdAt),
        ),
      );
      const save: QueuedSave = {
        ...content,
        key: newKey(),
        createdAt: Math.max(now(), latest + 1),
        refusal: null,
      };
      await put(save);
      return save;
    },
    list,
    discard,
    send(sender) {
      // One sending at a time in this page; across tabs and the service worker, one holder of the lock (where
      // the browser has Web Locks). Two senders of one save would still write it once: the key sees to that.
      sending ??= (async () => {
        try {
          const locks = (globalThis.navigator as Navigator | undefined)?.locks;
          return locks
            ? await locks.request(`${dbName}:${userId}`, () => sendAll(sender))
            : await sendAll(sender);
        } finally {
          sending = null;
        }
      })();
      return sending;
    },
  };
}

/** Drops every queue key from the phone (sign-out): the saves stay sealed until their owner signs in again. */
export async function dropQueueKeys(dbName = offlineDbName): Promise<void> {
  const db = await openOfflineDb(dbName);
  try {
    await db.clear(keysStore);
  } finally {
    db.close();
  }
}
