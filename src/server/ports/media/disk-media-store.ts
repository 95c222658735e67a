import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { assertKey, assertPrefix, type MediaStore } from "./media-store.ts";

/** Files under `root` (DATA_DIR/media), one per key. Directories are made when a file is first written. */
export function createDiskMediaStore(root: string): MediaStore {
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path, "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream owns the handle from here and closes it when done or cancelled.
        return { body: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>, size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deleteByPrefix(prefix) {
      assertPrefix(prefix);
      await rm(join(root, prefix), { recursive: true, force: true });
    },
  };
}
