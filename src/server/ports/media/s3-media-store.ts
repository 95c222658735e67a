import type * as S3 from "@aws-sdk/client-s3";
import { loadWhenConfigured } from "../load-when-configured.ts";
import { assertKey, assertPrefix, type MediaStore } from "./media-store.ts";

export interface S3MediaStoreOptions {
  bucket: string;
  region: string;
  /** Unset: AWS. Otherwise an S3-compatible service (MinIO, R2, s3rver…), addressed path-style. */
  endpoint?: string;
  /** Unset: the SDK's own chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** A bucket the official SDK talks to. The objects stay private: the app streams them to who may see them. */
export function createS3MediaStore(options: S3MediaStoreOptions): MediaStore & { destroy(): void } {
  const {
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = loadWhenConfigured<typeof S3>("@aws-sdk/client-s3");
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    // Compatible services are reached at endpoint/bucket/key; virtual hosts (bucket.endpoint) need DNS for each.
    forcePathStyle: Boolean(options.endpoint),
    credentials: options.credentials,
    // Checksums only where S3 requires them: compatible services do not all know the newer CRC headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream(), size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async deleteByPrefix(prefix) {
      assertPrefix(prefix);
      let continuationToken: string | undefined;
      do {
        const listed = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}/`,
            ContinuationToken: continuationToken,
          }),
        );
        const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const deleted = await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          const failed = deleted.Errors ?? [];
          if (failed.length > 0) {
            throw new Error(`S3 kept ${failed.length} object(s) under ${prefix}/: ${failed[0]?.Message}`);
          }
        }
        continuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (continuationToken);
    },
    destroy: () => client.destroy(),
  };
}
