import { afterEach, describe, expect, it } from 'vitest';
import { passwordChangeRequiredClaim } from '@cockpit/contracts';
import { isPasswordChangeRequired } from './password-change';
import { readTokenExpiry } from './jwt';
import { clearToken, setToken } from './token-store';

// Decision 022: the bearer token's claim sends a user with a one-time password to "Choose a new password".

const tokenWith = (payload: Record<string, unknown>) =>
  `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

afterEach(() => clearToken());

describe('password change required', () => {
  it('follows the claim of the held token', () => {
    expect(isPasswordChangeRequired()).toBe(false);
    setToken(tokenWith({ sub: 'u1', exp: 2_000_000_000, [passwordChangeRequiredClaim]: true }));
    expect(isPasswordChangeRequired()).toBe(true);
    setToken(tokenWith({ sub: 'u1', exp: 2_000_000_000 }));
    expect(isPasswordChangeRequired()).toBe(false);
    // Only `true` counts; anything else (a string, an unreadable token) does not.
    setToken(tokenWith({ [passwordChangeRequiredClaim]: 'true' }));
    expect(isPasswordChangeRequired()).toBe(false);
    setToken('not-a-jwt');
    expect(isPasswordChangeRequired()).toBe(false);
  });

  it('still reads the expiry from the same payload', () => {
    expect(readTokenExpiry(tokenWith({ exp: 2_000_000_000 }))).toBe(2_000_000_000_000);
    expect(readTokenExpiry(tokenWith({}))).toBeNull();
  });
});
