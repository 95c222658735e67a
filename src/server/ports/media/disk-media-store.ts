import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
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
      // Children's photos: for the server's user only (folders 700, files 600), whatever the umask.
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // Written aside then renamed: a reader never sees half a file. Both are flushed before the caller commits the
      // row that names the file, so a power cut cannot leave the row without its bytes.
      const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
      const file = await open(partial, "w", 0o600);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(partial, path);
      const folder = await open(dirname(path), "r");
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
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
