import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Location } from './config.ts';
import { checkKey, contentTypeOf, mediaUrl } from './keys.ts';
import { isNotFound, redactCredentialsInErrors } from './s3-errors.ts';
import { MissingFileError, type ByteRange, type Storage } from './types.ts';

/** Multipart part size: memory per streamed upload is about PART_SIZE × PARTS_IN_FLIGHT. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** DeleteObjects takes at most 1,000 keys, as a listing returns at most 1,000 per page. */
const PAGE = 1000;

/**
 * An S3-compatible bucket (AWS S3, MinIO, s3rver…) through the AWS SDK. Streams go out with
 * lib-storage's multipart `Upload` and come back as the SDK's response stream, so no original or
 * catalogue file is ever held whole in memory. `tmpDir` (VAR_DIR/tmp) takes the temp copies
 * `withLocalFile` makes for sharp.
 */
export function createS3Storage(location: S3Location, tmpDir: string): Storage {
  const credentials = location.credentials?.forSdk();
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials,
    // Checksums only where S3 demands them (DeleteObjects): S3-compatible servers do not all
    // understand the newer aws-chunked uploads with trailing checksums the SDK sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  redactCredentialsInErrors(client, [credentials?.accessKeyId ?? '', credentials?.secretAccessKey ?? '']);
  const Bucket = location.bucket;
  const objectKey = (key: string) => location.prefix + checkKey(key);

  const upload = (key: string, body: Readable) =>
    new Upload({
      client,
      params: { Bucket, Key: objectKey(key), Body: body, ContentType: contentTypeOf(key) },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
    }).done(); // a failed upload aborts its multipart upload: no orphaned parts

  const getObject = async (key: string, range?: ByteRange) => {
    try {
      const response = await client.send(
        new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return response.Body as Readable;
    } catch (error) {
      throw isNotFound(error) ? new MissingFileError(key) : error;
    }
  };

  const storage: Storage = {
    driver: 's3',
    async put(key, body) {
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: contentTypeOf(key) }));
      } else {
        await upload(key, body);
      }
    },
    async putFile(key, file) {
      await upload(key, createReadStream(file));
      await rm(file, { force: true }); // a move, as in the local driver
    },
    async get(key) {
      return Buffer.concat(await (await getObject(key)).toArray());
    },
    stream: getObject,
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return {
          bytes: head.ContentLength ?? 0,
          modifiedAt: head.LastModified ?? new Date(0),
          etag: head.ETag ?? '""',
          contentType: head.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async withLocalFile(key, fn) {
      await mkdir(tmpDir, { recursive: true });
      const file = path.join(tmpDir, `s3-${randomBytes(8).toString('hex')}${path.posix.extname(key)}`);
      try {
        await pipeline(await getObject(key), createWriteStream(file, { flags: 'wx' }));
        return await fn(file);
      } finally {
        await rm(file, { force: true });
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async deletePrefix(prefix) {
      const folder = `${objectKey(prefix)}/`;
      // Each pass deletes the page it listed, so the next listing starts with what is left and
      // no marker is carried. ListObjects (v1), because s3rver cannot make ListObjectsV2's
      // continuation token on OpenSSL 3 (it fails whenever a listing is truncated).
      for (let more = true; more;) {
        const page = await client.send(new ListObjectsCommand({ Bucket, Prefix: folder, MaxKeys: PAGE }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length) {
          const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
          const failed = result.Errors?.[0];
          if (failed) throw new Error(`Could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
        }
        more = !!page.IsTruncated && keys.length > 0;
      }
    },
    url: mediaUrl,
  };
  return storage;
}
