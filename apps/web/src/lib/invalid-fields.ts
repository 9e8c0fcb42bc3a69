/**
 * The fields a contracts schema rejects, as dotted paths (`content.en.title`). Forms show their own
 * translated hint next to each such field; the schema is the same one the server validates with, so
 * the rules exist once.
 */
type IssueSource = {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[] }[] } };
};

export function invalidFields(schema: IssueSource, value: unknown): Set<string> {
  const result = schema.safeParse(value);
  if (result.success || !result.error) return new Set();
  return new Set(result.error.issues.map((issue) => issue.path.map(String).join('.')));
}
