import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@cockpit/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnDe from '@zxcvbn-ts/language-de';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { HttpError } from '../lib/http-error';

// argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): docs/product.md §D.3 "passwords hashed with argon2id".
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
 * Common passwords of 12 or more characters (decision 022; ASVS 5.0 6.2.4 "top passwords that match the
 * policy"): apps/server/common-passwords/common-passwords.txt, made from zxcvbn-ts's ranked list (MIT)
 * as its README says. Found by walking up from this module, which runs from src/auth/ (tsx) and from the
 * bundle in dist/ (decision 013). Read once at start-up, so a missing list stops the server instead of
 * letting a common password through later.
 */
function loadCommonPasswords(): ReadonlySet<string> {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'common-passwords', 'common-passwords.txt');
    if (existsSync(file)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      return new Set(lines.map((line) => line.trim().toLowerCase()).filter((line) => line !== ''));
    }
    if (path.dirname(dir) === dir) throw new Error(`no common-passwords list above ${import.meta.dirname}`);
  }
}

const commonPasswords = loadCommonPasswords();

/** Distinct entries of the list. */
export const commonPasswordCount = commonPasswords.size;

/** Whether `password` is on the list, ignoring case (`Password123!` is as guessable as `password123!`). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** Whose password it is: their own words make a password easy to guess for anyone who knows them. */
export interface PasswordOwner {
  email: string;
  name: string;
}

/** The product's name: the first thing tried against an account here (decision 022). */
const productWords = ['report', 'cockpit', 'reportcockpit'];

/** The owner's and the product's words of 3+ letters, longest first: the e-mail's parts, the name's parts. */
function ownWordsOf(owner: PasswordOwner): string[] {
  const [local = '', domain = ''] = owner.email.toLowerCase().split('@');
  const pieces = [
    local,
    ...local.split(/[^\p{L}\p{N}]+/u),
    ...domain.split('.').slice(0, -1),
    owner.name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''),
    ...owner.name.toLowerCase().split(/[^\p{L}\p{N}]+/u),
    ...productWords,
  ];
  return [...new Set(pieces.filter((piece) => piece.length >= 3))].sort((a, b) => b.length - a.length);
}

/** Letters a password must have besides the owner's and the product's words. */
const minOwnLetters = 4;

/**
 * Whether the password is built from the owner's e-mail address, name or the product's name: with
 * those words taken out, fewer than four letters are left (`Max-Mustermann-2024`, `Cockpit-admin-1` for
 * admin@…, `ReportCockpit!2026`). A password that only contains one of them (`Anna-one-time-77`) is
 * left to the strength estimator, which knows the words too.
 */
export function isBuiltFromOwnWords(password: string, owner: PasswordOwner): boolean {
  let rest = password.toLowerCase();
  let removed = false;
  for (const word of ownWordsOf(owner)) {
    if (!rest.includes(word)) continue;
    rest = rest.replaceAll(word, ' ');
    removed = true;
  }
  return removed && rest.replace(/[^\p{L}]/gu, '').length < minOwnLetters;
}

/**
 * The strength estimator (zxcvbn-ts with its common, English and German dictionaries): score 0–4 from
 * the guesses an attacker needs. Built on first use (≈ 0.2 s, its dictionaries ≈ 300,000 words), not at
 * start-up.
 */
let estimator: ZxcvbnFactory | undefined;
function estimate(password: string, owner: PasswordOwner): number {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary, ...zxcvbnDe.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return estimator.check(password, [owner.email, owner.name, ...ownWordsOf(owner)]).score;
}

/**
 * Score 3 of 4: "safely unguessable", at least 10^8 guesses — with argon2id, years of an attacker's
 * time per account. All our sample and test passwords score 4; `password1234` and `Passwort1234` score 1.
 */
export const minPasswordScore = 3;

/**
 * THE check every new password passes on the server besides the 12–128 characters of the shared schema
 * (admin creation, admin reset, the user's own change, the forced change), in this order: not on the
 * list of common passwords (400 `COMMON_PASSWORD`), not built from the owner's e-mail, name or the
 * product's name (400 `PERSONAL_PASSWORD`), not easy to guess by the estimator (400
 * `GUESSABLE_PASSWORD`). The message names the field and the reason; the web shows a translated one.
 */
export function assertAcceptablePassword(password: string, field: string, owner: PasswordOwner): void {
  if (isCommonPassword(password)) {
    throw new HttpError(
      400,
      errorCodes.commonPassword,
      `${field}: is on the list of common passwords of 12 or more characters; choose another one`,
    );
  }
  if (isBuiltFromOwnWords(password, owner)) {
    throw new HttpError(
      400,
      errorCodes.personalPassword,
      `${field}: is built from the e-mail address, the name or the product's name; choose another one`,
    );
  }
  if (estimate(password, owner) < minPasswordScore) {
    throw new HttpError(
      400,
      errorCodes.guessablePassword,
      `${field}: is easy to guess (common words, names, dates, keyboard patterns or repetitions); choose another one`,
    );
  }
}
