import type { TFunction } from 'i18next';
import { errorCodes, parseChoiceNotOffered, parseRowRuleAttributeMissing } from '@cockpit/contracts';
import { isApiRequestError } from './api-client';

/**
 * What a report that failed says, on its page and on a dashboard tile alike (decision 027): a user
 * attribute the report filters by is missing → "not available for your account" (never unfiltered
 * data); an unreachable or slow source → "not available right now" (administrators read the database's
 * own message); a definition the database or the SQL guard refused → "this report has a problem; its owner
 * has been told" (decision 046: asking again would not help, so no retry); a choice outside the reader's options (decision 038) or values the report does not
 * accept → say so, and the reader may go back to the default values.
 */
export type ReportErrorState = {
  /** Which of the states above (`not-for-account` is drawn with the search icon on the report page). */
  kind: 'not-for-account' | 'data-unavailable' | 'broken' | 'choice-not-offered' | 'invalid';
  headline: string;
  text: { key: string; values?: Record<string, string> } | { raw: string };
  /** What the reader can do: ask again (the source may answer later), reset the values, or nothing. */
  action: 'retry' | 'reset' | null;
};

/** The state of a report's failure, or null for any other (not found, a failure of its own: the caller's). */
export function reportErrorState(error: unknown, isAdministrator: boolean): ReportErrorState | null {
  if (!isApiRequestError(error)) return null;
  const { status, code } = error;
  if (status === 403 && code === errorCodes.userAttributeMissing)
    return {
      kind: 'not-for-account',
      headline: 'reports.state.notForAccountHeadline',
      text: { key: 'reports.state.notForAccountText' },
      action: null,
    };
  // A row rule's attribute the reader lacks (decision 044): nothing from the table, and which attribute it is.
  const ruleAttribute =
    status === 403 && code === errorCodes.rowRuleAttributeMissing
      ? parseRowRuleAttributeMissing(error.message)
      : null;
  if (ruleAttribute)
    return {
      kind: 'not-for-account',
      headline: 'reports.state.notForAccountHeadline',
      text: { key: 'reports.state.rowRuleText', values: ruleAttribute },
      action: null,
    };
  if (status === 503 && code === errorCodes.queryTimedOut)
    return {
      kind: 'data-unavailable',
      headline: 'reports.state.dataUnavailableHeadline',
      text: { key: 'reports.state.timedOutText' },
      action: 'retry',
    };
  if (status === 503 && code === errorCodes.dataSourceUnavailable)
    return {
      kind: 'data-unavailable',
      headline: 'reports.state.dataUnavailableHeadline',
      text: isAdministrator ? { raw: error.message } : { key: 'reports.state.dataUnavailableText' },
      action: 'retry',
    };
  if (
    (status === 500 && code === errorCodes.reportBroken) ||
    (status === 400 && code === errorCodes.sqlRefused)
  )
    return {
      kind: 'broken',
      headline: 'reports.state.brokenHeadline',
      text: isAdministrator ? { raw: error.message } : { key: 'reports.state.brokenText' },
      action: null,
    };
  const notOffered =
    status === 400 && code === errorCodes.choiceNotOffered ? parseChoiceNotOffered(error.message) : null;
  if (notOffered)
    return {
      kind: 'choice-not-offered',
      headline: 'reports.state.choiceNotOfferedHeadline',
      text: { key: 'reports.state.choiceNotOfferedText', values: notOffered },
      action: 'reset',
    };
  if (status === 400)
    return {
      kind: 'invalid',
      headline: 'reports.state.invalidHeadline',
      text: { key: 'reports.state.invalidText' },
      action: 'reset',
    };
  return null;
}

/** A state's text in the UI language (or the source's own message, as it is). */
export function reportErrorText(t: TFunction, state: ReportErrorState): string {
  return 'raw' in state.text ? state.text.raw : t(state.text.key, state.text.values);
}
