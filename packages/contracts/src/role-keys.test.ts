import { describe, expect, it } from 'vitest';
import { isAdministrator, roleKeys } from './index';

describe('isAdministrator', () => {
  it('holds for organisation administrators only', () => {
    expect(roleKeys.filter((roleKey) => isAdministrator({ roleKey }))).toEqual(['organisationadministrator']);
  });

  it('refuses a role key it does not know', () => {
    expect(isAdministrator({ roleKey: 'Organisationadministrator' })).toBe(false);
    expect(isAdministrator({ roleKey: '' })).toBe(false);
  });
});
