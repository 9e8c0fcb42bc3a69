import { describe, expect, it } from 'vitest';
import { errorCodes, rowRuleAttributeMissingMessage } from '@cockpit/contracts';
import { ApiRequestError } from './api-client';
import { reportErrorState } from './report-error';

// What a report that failed says (decision 027), here the row rule's missing attribute (decision 044).

const apiError = (status: number, code: string, message: string) =>
  new ApiRequestError({ status, code, message, method: 'GET', url: '/api/reports/x' });

describe('reportErrorState', () => {
  it('names the attribute a row rule needs and the reader lacks', () => {
    const state = reportErrorState(
      apiError(403, errorCodes.rowRuleAttributeMissing, rowRuleAttributeMissingMessage('region')),
      false,
    );
    expect(state).toEqual({
      kind: 'not-for-account',
      headline: 'reports.state.notForAccountHeadline',
      text: { key: 'reports.state.rowRuleText', values: { attribute: 'region' } },
      action: null,
    });
  });

  it('keeps the general text for an attribute the SQL names', () => {
    const state = reportErrorState(
      apiError(403, errorCodes.userAttributeMissing, 'This report is not available for your account.'),
      false,
    );
    expect(state?.text).toEqual({ key: 'reports.state.notForAccountText' });
  });
});
