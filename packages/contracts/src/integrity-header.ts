/** The header carrying the app integrity token on sign-in and sign-up (integrity.ts, issue 7). */
export const integrityTokenHeader = 'x-integrity-token';
