import type { AccountSetUpGate } from '@cockpit/contracts';
import { paths } from '../config/paths';

/**
 * The screen of each set-up gate (decisions 021, 022): a new password goes on to the page requested
 * (`redirectTo`), the second factor to the home once it is set up.
 */
export function accountSetUpHref(gate: AccountSetUpGate, redirectTo?: string | null): string {
  return gate === 'password-change'
    ? paths.passwordChange.getHref(redirectTo)
    : paths.twoFactorSetup.getHref();
}

export const accountSetUpPaths: Record<AccountSetUpGate, string> = {
  'password-change': paths.passwordChange.path,
  'second-factor': paths.twoFactorSetup.path,
};
