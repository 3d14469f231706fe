import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP: m=19 MiB, t=2, p=1). */
export const hashPassword = (password: string) => hash(password);

/** A real hash to verify against when the email is unknown, so both paths cost the same. */
const dummyHash = hash('not-a-real-password-just-for-timing');

/** True when `password` matches; a missing or malformed hash is simply false. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    if (!passwordHash) {
      await verify(await dummyHash, password);
      return false;
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
