import { setTokenSource } from '../api-client';
import { readTokenExpiry } from './jwt';

/**
 * The bearer token, kept in memory only (never in localStorage: docs/product.md §D.3). The API client awaits
 * `waitForToken()` before every protected call — docs/product.md §7 "the call waits until a token exists".
 */
type Waiter = (token: string) => void;

/** A token this close to its expiry is renewed before it is used. */
const expiryMarginMs = 5_000;

let token: string | null = null;
let expiresAt: number | null = null;
let waiters: Waiter[] = [];
let refresher: (() => Promise<string | null>) | null = null;

export function getToken(): string | null {
  return token;
}

export function getTokenExpiry(): number | null {
  return expiresAt;
}

export function setToken(next: string): void {
  token = next;
  expiresAt = readTokenExpiry(next);
  const pending = waiters;
  waiters = [];
  for (const resolve of pending) resolve(next);
}

export function clearToken(): void {
  token = null;
  expiresAt = null;
}

/** The session registers how to get a fresh token when the held one has (nearly) expired. */
export function setTokenRefresher(fn: (() => Promise<string | null>) | null): void {
  refresher = fn;
}

/**
 * Resolves with a usable token: the held one, a renewed one if it has expired (a sleeping tab misses
 * its renewal timer), or the next one that is set (after sign-in).
 */
export async function waitForToken(): Promise<string> {
  if (token !== null) {
    const expired = expiresAt !== null && expiresAt - expiryMarginMs <= Date.now();
    if (!expired) return token;
    if (refresher) {
      const renewed = await refresher();
      if (renewed !== null) return renewed;
    }
  }
  return new Promise<string>((resolve) => {
    waiters.push(resolve);
  });
}

// The API client takes its bearer token from here once this module is loaded (api-client.ts setTokenSource).
setTokenSource({ waitForToken, clearToken });
