import type { S3Client } from '@aws-sdk/client-s3';

/**
 * What the S3 driver needs to know about the SDK's errors: which mean "no such object", and how
 * to keep the key pair out of them before they reach a log line.
 */

/**
 * A missing object: HeadObject answers a bare 404 (`NotFound`), GetObject `NoSuchKey`. Other 404s
 * (`NoSuchBucket`) are configuration errors and stay errors.
 */
export function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'NotFound' || name === 'NoSuchKey';
}

/**
 * Makes every error the client throws (lib-storage's uploads included) free of the credentials:
 * S3 echoes the access key id in `AWSAccessKeyId` when it refuses a request, and the error is
 * logged whole. Fields naming the key id are blanked, and any text holding one of `secrets` has
 * it replaced.
 */
export function redactCredentialsInErrors(client: S3Client, secrets: string[]): void {
  const known = secrets.filter(Boolean);
  const scrub = (text: string) => known.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        if (error && typeof error === 'object') {
          const fields = error as Record<string, unknown>;
          for (const [name, value] of Object.entries(fields)) {
            if (/AccessKeyId/i.test(name)) fields[name] = '[redacted]';
            else if (typeof value === 'string') fields[name] = scrub(value);
          }
          if (error instanceof Error) {
            error.message = scrub(error.message);
            if (error.stack) error.stack = scrub(error.stack);
          }
        }
        throw error;
      }
    },
    { step: 'initialize', name: 'redactCredentialsInErrors' },
  );
}
