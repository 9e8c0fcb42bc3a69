import { afterEach, describe, expect, it } from 'vitest';
import { pendingSetUpClaim } from '@cockpit/contracts';
import { pendingAccountSetUp } from './account-set-up';
import { readTokenExpiry } from './jwt';
import { clearToken, setToken } from './token-store';

// Decisions 021, 022: the bearer token's claim sends a user to the screen of the first pending set-up gate.

const tokenWith = (payload: Record<string, unknown>) =>
  `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

afterEach(() => clearToken());

describe('pending account set-up', () => {
  it('follows the claim of the held token, first gate first', () => {
    expect(pendingAccountSetUp()).toBeNull();
    setToken(
      tokenWith({ sub: 'u1', exp: 2_000_000_000, [pendingSetUpClaim]: ['password-change', 'second-factor'] }),
    );
    expect(pendingAccountSetUp()).toBe('password-change');
    setToken(tokenWith({ sub: 'u1', exp: 2_000_000_000, [pendingSetUpClaim]: ['second-factor'] }));
    expect(pendingAccountSetUp()).toBe('second-factor');
    setToken(tokenWith({ sub: 'u1', exp: 2_000_000_000 }));
    expect(pendingAccountSetUp()).toBeNull();
    // Only a list of known gates counts; anything else (a string, an unreadable token) does not.
    setToken(tokenWith({ [pendingSetUpClaim]: 'password-change' }));
    expect(pendingAccountSetUp()).toBeNull();
    setToken(tokenWith({ [pendingSetUpClaim]: ['something-else'] }));
    expect(pendingAccountSetUp()).toBeNull();
    setToken('not-a-jwt');
    expect(pendingAccountSetUp()).toBeNull();
  });

  it('still reads the expiry from the same payload', () => {
    expect(readTokenExpiry(tokenWith({ exp: 2_000_000_000 }))).toBe(2_000_000_000_000);
    expect(readTokenExpiry(tokenWith({}))).toBeNull();
  });
});
