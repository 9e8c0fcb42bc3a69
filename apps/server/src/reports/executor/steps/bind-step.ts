import { isUserReference } from '../../sql/sql-template';
import { userReferenceValue } from './guard-step';
import type { RunStep } from './run-context';

// bind (docs/decisions/038-one-run-path.md): the guarded statement's values as the driver binds them —
// never spliced into the text — what the query log keeps of them (the parameters and the user values
// used, never a password), and the result's cache key: organisation, definition name and version, source
// and version, statement and bound values (so the reader's attribute values used). The limit step adds
// the row limit to it.

export const bindStep: RunStep = {
  name: 'bind',
  async run(context, next) {
    const { request, compiled, parameters } = context;
    if (!compiled || !parameters) throw new Error('bind runs after guard');
    const { source, definition, user } = request;
    const logged: Record<string, unknown> = { ...parameters };
    for (const reference of compiled.references) {
      if (isUserReference(reference)) logged[reference] = userReferenceValue(user, reference);
    }
    context.logged = logged;
    context.boundKey = JSON.stringify([
      source.organisationId,
      definition.name,
      definition.version,
      source.id,
      source.version,
      compiled.text,
      compiled.values,
    ]);
    return next();
  },
};
