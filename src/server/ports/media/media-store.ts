/**
 * Where the media files (milestone and gallery pictures) are kept: local disk or an S3-compatible bucket.
 * Keys are ours (`clientId/mediaId/full.jpg`), never an uploaded filename; a client's files share the prefix
 * `clientId/`, so deleting a client removes them with one `deleteByPrefix`.
 */
export interface MediaStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, streamed, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key is under `prefix/` (one path segment: a client id). */
  deleteByPrefix(prefix: string): Promise<void>;
}

export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
}

const segment = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

/** Keys are a few segments of letters, digits, `_`, `-` and `.`, none starting with a dot (no `..`, no `/x`). */
export function assertKey(key: string): void {
  const parts = key.split("/");
  if (parts.length > 4 || !parts.every((part) => segment.test(part))) {
    throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  }
}

export function assertPrefix(prefix: string): void {
  if (!segment.test(prefix)) throw new Error(`Invalid media prefix: ${JSON.stringify(prefix)}`);
}
