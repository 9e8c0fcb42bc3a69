import { useState } from 'react';

/**
 * The one validation pattern of the management forms: the contracts schema the server validates with
 * checks the value the form would send, so the rules exist once. Errors show from the first attempt to
 * submit on and go away as the fields are fixed; each form shows its own translated hint per field.
 */
export type IssueSource = {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[] }[] };
  };
};

/** The fields a schema rejects, as dotted paths (`content.en.title`, `tiles.0.title.en`). */
export function invalidFields(schema: IssueSource, value: unknown): ReadonlySet<string> {
  const result = schema.safeParse(value);
  if (result.success || !result.error) return noProblems;
  return new Set(result.error.issues.map((issue) => issue.path.map(String).join('.')));
}

const noProblems: ReadonlySet<string> = new Set();

export type FormCheck = {
  /** The fields to mark now: none before the first submit, then every rejected one. */
  invalid: ReadonlySet<string>;
  /** Every rejected field, shown or not. */
  problems: ReadonlySet<string>;
  /** `message` while the field at `path` is marked, else `undefined` (a Mantine input's `error`). */
  error: (path: string, message: string) => string | undefined;
  /** On submit: marks the rejected fields from now on; true when there are none. */
  validate: () => boolean;
  /** After a successful send that empties the form: no marks until the next submit. */
  reset: () => void;
};

export function useFormCheck(schema: IssueSource, value: unknown): FormCheck {
  const [submitted, setSubmitted] = useState(false);
  const problems = invalidFields(schema, value);
  const invalid = submitted ? problems : noProblems;
  return {
    invalid,
    problems,
    error: (path, message) => (invalid.has(path) ? message : undefined),
    validate: () => {
      setSubmitted(true);
      return problems.size === 0;
    },
    reset: () => setSubmitted(false),
  };
}
