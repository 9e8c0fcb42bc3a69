/** The header carrying the app integrity token on sign-in and sign-up (integrity.ts, security hardening). */
export const integrityTokenHeader = 'x-integrity-token';
