#!/usr/bin/env node
// Writes common-passwords.txt: common passwords of 12 or more characters (decision 022; README.md here
// says how and why). `node apps/server/common-passwords/make-list.mjs` — the output depends only on the
// installed @zxcvbn-ts/language-common, so running it again gives the same file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dictionary } from '@zxcvbn-ts/language-common';

const minLength = 12;
/** How many of the most common short passwords are stretched to the length rule. */
const stretchedBases = 1_500;

const ranked = dictionary['passwords-common'].map((entry) => entry.toLowerCase());
const list = [];
const seen = new Set();
const add = (candidate) => {
  if (candidate.length < minLength || seen.has(candidate)) return;
  seen.add(candidate);
  list.push(candidate);
};

// 1. Every listed password that already meets the length rule, most common first.
for (const entry of ranked) add(entry);

// 2. The most common shorter ones (6 to 11 characters), stretched the ways people meet a length rule:
//    digits counted on (password → password1234), digits and one symbol (Password123!, compared
//    ignoring case), a year, or the word twice (qwerty → qwertyqwerty).
const digits = '1234567890';
const years = ['2023', '2024', '2025', '2026'];
let bases = 0;
for (const base of ranked) {
  if (bases >= stretchedBases) break;
  if (base.length < 6 || base.length >= minLength) continue;
  bases += 1;
  add(base + digits.slice(0, minLength - base.length));
  add(base + digits.slice(0, minLength - 1 - base.length) + '!');
  for (const year of years) add(base + year);
  add(base + base);
}

const file = join(import.meta.dirname, 'common-passwords.txt');
writeFileSync(file, `${list.join('\n')}\n`);
console.log(`${list.length} passwords (${seen.size} distinct) written to ${file}`);
