import { type SecretBox, createSecretBox } from '../../lib/secret-box';

/**
 * Client secrets at rest (docs/decisions/020-single-sign-on.md): the secret box of lib/secret-box.ts with
 * the single-sign-on purpose (its HKDF info since the first release, so stored secrets still open); the
 * organisation id is the context.
 */
export function createClientSecrets(authSecret: string): SecretBox {
  return createSecretBox(authSecret, 'single-sign-on client secret v1');
}
