import { describe, expect, it } from 'vitest';
import { isSecondFactorCovered, isSingleSignOnSession, pendingGates } from '../src/auth/account-policy';

const password = { signInMethod: 'password' };
const sso = { signInMethod: 'sso' };

describe('account policy', () => {
  it('knows single sign-on sessions by their sign-in method only', () => {
    expect(isSingleSignOnSession(sso)).toBe(true);
    expect(isSingleSignOnSession(password)).toBe(false);
    expect(isSingleSignOnSession({})).toBe(false);
  });

  it('has no gate for an account with nothing to do', () => {
    expect(
      pendingGates({ mustChangePassword: false, organisationRequiresTwoFactor: false }, password),
    ).toEqual([]);
    // Required, and already there.
    expect(pendingGates({ organisationRequiresTwoFactor: true, twoFactorEnabled: true }, password)).toEqual(
      [],
    );
  });

  it('takes the password change before the second factor', () => {
    expect(
      pendingGates(
        { mustChangePassword: true, organisationRequiresTwoFactor: true, twoFactorEnabled: false },
        password,
      ),
    ).toEqual(['password-change', 'second-factor']);
    expect(pendingGates({ mustChangePassword: true }, password)).toEqual(['password-change']);
    expect(pendingGates({ organisationRequiresTwoFactor: true }, password)).toEqual(['second-factor']);
  });

  it('exempts single sign-on sessions from both gates', () => {
    expect(pendingGates({ mustChangePassword: true, organisationRequiresTwoFactor: true }, sso)).toEqual([]);
  });

  it('counts single sign-on or TOTP as a second factor', () => {
    expect(isSecondFactorCovered({ twoFactorEnabled: false }, sso)).toBe(true);
    expect(isSecondFactorCovered({ twoFactorEnabled: true }, password)).toBe(true);
    expect(isSecondFactorCovered({ twoFactorEnabled: false }, password)).toBe(false);
  });
});
