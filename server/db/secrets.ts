import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverSecrets } from './schema';

export interface Secrets {
  signingKey: KeyObject;
  verifyKey: KeyObject;
  codeKey: Buffer;
}

/** Reads a secret from the database, creating it once; concurrent starters agree on the first one written. */
async function stored(db: Db, name: string, create: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}

/** The access-token signing key and the code-hashing key: from the environment, else kept in the database. */
export async function loadSecrets(db: Db, env: { jwtPrivateKey?: string; codeSecret?: string }): Promise<Secrets> {
  const pem =
    env.jwtPrivateKey ??
    (await stored(db, 'jwt_private_key', () =>
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ));
  const signingKey = createPrivateKey(pem);
  if (signingKey.asymmetricKeyType !== 'ed25519') throw new Error('JWT_PRIVATE_KEY must be an Ed25519 key');
  const code = env.codeSecret ?? (await stored(db, 'code_secret', () => randomBytes(32).toString('hex')));
  return { signingKey, verifyKey: createPublicKey(signingKey), codeKey: Buffer.from(code) };
}
