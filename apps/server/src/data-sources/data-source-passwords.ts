import { createSecretBox } from '../lib/secret-box';

/**
 * Data source passwords at rest (decision 027): the secret box with a purpose of their own (a sealed
 * single-sign-on client secret never opens as a password, nor the other way round), bound to the
 * organisation and the source, so a sealed value copied to another row does not open.
 */
export interface DataSourcePasswords {
  seal(password: string, owner: PasswordOwner): string;
  /** `null` when the sealed text does not open (another AUTH_SECRET, another row): the password is asked for again. */
  open(sealed: string, owner: PasswordOwner): string | null;
}

export interface PasswordOwner {
  organisationId: string;
  sourceId: string;
}

const contextOf = (owner: PasswordOwner) => `${owner.organisationId}/${owner.sourceId}`;

export function createDataSourcePasswords(authSecret: string): DataSourcePasswords {
  const box = createSecretBox(authSecret, 'data source password v1');
  return {
    seal: (password, owner) => box.seal(password, contextOf(owner)),
    open(sealed, owner) {
      try {
        return box.open(sealed, contextOf(owner));
      } catch {
        return null;
      }
    },
  };
}
