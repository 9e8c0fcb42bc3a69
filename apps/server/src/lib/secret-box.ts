import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (docs/decisions/020-single-sign-on.md, 027-reports-over-own-data.md): AES-256-GCM with a
 * key derived from AUTH_SECRET by HKDF-SHA-256 for one purpose, so a secret sealed for one purpose (a
 * client secret) never opens as another (a data source's password). The stored text is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the caller's context (the organisation, and the object it
 * belongs to) is bound as associated data, so a row copied elsewhere does not decrypt.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the text was not sealed with this key and context. */
  open(sealed: string, context: string): string;
}

const version = 'v1';

/** `purpose` is the HKDF info: one per kind of secret, never reused. */
export function createSecretBox(authSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'report-cockpit', purpose, 32));
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
