import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Client secrets at rest (docs/decisions/020-single-sign-on.md): AES-256-GCM with a key derived from
 * AUTH_SECRET by HKDF-SHA-256. The stored text is `v1.<iv>.<tag>.<ciphertext>` (base64url); the
 * organisation id is bound as associated data, so a row copied to another organisation does not decrypt.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the text was not sealed with this key and context. */
  open(sealed: string, context: string): string;
}

const version = 'v1';

export function createSecretBox(authSecret: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', authSecret, 'report-cockpit', 'single-sign-on client secret v1', 32),
  );
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [v, iv, tag, ciphertext] = sealed.split('.');
      if (v !== version || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
