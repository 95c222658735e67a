import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskMediaStore } from "./disk-media-store.ts";
import type { MediaStore, StoredFile } from "./media-store.ts";
import { createS3MediaStore } from "./s3-media-store.ts";
import { startS3StandIn } from "./s3-stand-in.ts";

/** One suite, run against every adapter: the app must not be able to tell them apart. */
interface Adapter {
  name: string;
  open(): Promise<{ store: MediaStore; close(): Promise<void> }>;
}

const adapters: Adapter[] = [
  {
    name: "disk (DATA_DIR/media)",
    async open() {
      const root = await mkdtemp(join(tmpdir(), "media-store-"));
      return {
        store: createDiskMediaStore(join(root, "media")),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "S3 (s3rver on 127.0.0.1)",
    async open() {
      const s3 = await startS3StandIn();
      const store = createS3MediaStore({
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        credentials: s3.credentials,
      });
      return {
        store,
        async close() {
          store.destroy();
          await s3.close();
        },
      };
    },
  },
];

async function bytesOf(file: StoredFile | null): Promise<Uint8Array | null> {
  if (!file) return null;
  return new Uint8Array(await new Response(file.body).arrayBuffer());
}

const jpegLike = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 0, 255]);

describe.each(adapters)("media store: $name", (adapter) => {
  let store: MediaStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await adapter.open());
  });
  afterAll(() => close());

  it("gives back the bytes it was given, with their size", async () => {
    await store.put("client1/m1/full.jpg", jpegLike, "image/jpeg");
    const file = await store.get("client1/m1/full.jpg");
    expect(file?.size).toBe(jpegLike.length);
    expect(await bytesOf(file)).toEqual(jpegLike);
  });

  it("a second put replaces the file", async () => {
    await store.put("client1/m2/full.jpg", jpegLike, "image/jpeg");
    await store.put("client1/m2/full.jpg", new Uint8Array([9, 8, 7]), "image/jpeg");
    expect(await bytesOf(await store.get("client1/m2/full.jpg"))).toEqual(new Uint8Array([9, 8, 7]));
  });

  it("answers null for a file it does not have", async () => {
    expect(await store.get("client1/nothing/full.jpg")).toBeNull();
    expect(await store.get("nobody/m1/full.jpg")).toBeNull();
  });

  it("delete removes one file, and deleting a missing one is not an error", async () => {
    await store.put("client2/m1/full.jpg", jpegLike, "image/jpeg");
    await store.put("client2/m1/thumb.jpg", jpegLike, "image/jpeg");
    await store.delete("client2/m1/full.jpg");
    expect(await store.get("client2/m1/full.jpg")).toBeNull();
    expect(await bytesOf(await store.get("client2/m1/thumb.jpg"))).toEqual(jpegLike);
    await expect(store.delete("client2/m1/full.jpg")).resolves.toBeUndefined();
  });

  it("deleteByPrefix removes every file of one client and none of another's", async () => {
    for (let i = 0; i < 5; i++) await store.put(`client3/m${i}/full.jpg`, jpegLike, "image/jpeg");
    await store.put("client33/m1/full.jpg", jpegLike, "image/jpeg");
    await store.put("client4/m1/full.jpg", jpegLike, "image/jpeg");
    await store.deleteByPrefix("client3");
    for (let i = 0; i < 5; i++) expect(await store.get(`client3/m${i}/full.jpg`)).toBeNull();
    // A prefix is a whole segment: client33 is not client3.
    expect(await store.get("client33/m1/full.jpg")).not.toBeNull();
    expect(await store.get("client4/m1/full.jpg")).not.toBeNull();
    await expect(store.deleteByPrefix("client-without-files")).resolves.toBeUndefined();
  });

  it("refuses keys that could leave its folder or bucket prefix", async () => {
    for (const key of [
      "../escape.jpg",
      "client1/../../x",
      "/absolute.jpg",
      "client1//x",
      ".hidden",
      "a\\b",
    ]) {
      await expect(store.put(key, jpegLike, "image/jpeg")).rejects.toThrow(/Invalid media key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid media key/);
    }
    await expect(store.deleteByPrefix("..")).rejects.toThrow(/Invalid media prefix/);
    await expect(store.deleteByPrefix("")).rejects.toThrow(/Invalid media prefix/);
  });
});

describe("disk store", () => {
  it("leaves no partial file behind", async () => {
    const root = await mkdtemp(join(tmpdir(), "media-store-"));
    const store = createDiskMediaStore(root);
    await store.put("c/m/full.jpg", jpegLike, "image/jpeg");
    expect(await readdir(join(root, "c", "m"))).toEqual(["full.jpg"]);
    await rm(root, { recursive: true, force: true });
  });

  it("keeps children's photos for the server's user only, even under umask 022", async () => {
    const root = await mkdtemp(join(tmpdir(), "media-store-"));
    const umask = process.umask(0o022);
    try {
      const store = createDiskMediaStore(join(root, "media"));
      await store.put("c/m/full.jpg", jpegLike, "image/jpeg");
      const modeOf = async (...parts: string[]) =>
        ((await stat(join(root, ...parts))).mode & 0o777).toString(8);
      expect({
        media: await modeOf("media"),
        client: await modeOf("media", "c"),
        item: await modeOf("media", "c", "m"),
        file: await modeOf("media", "c", "m", "full.jpg"),
      }).toEqual({ media: "700", client: "700", item: "700", file: "600" });
    } finally {
      process.umask(umask);
      await rm(root, { recursive: true, force: true });
    }
  });
});
