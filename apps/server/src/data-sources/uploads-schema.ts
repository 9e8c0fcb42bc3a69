// THE name of an organisation's schema of uploaded tables (decision 027): the uploads feature creates and
// fills its tables there, the executor confines a definition over uploads to it. One function for both.

/** `uploads_<organisation id without dashes>`; anything but an id of hex digits never becomes a name. */
export function uploadsSchemaName(organisationId: string): string {
  const name = `uploads_${organisationId.replaceAll('-', '').toLowerCase()}`;
  // Organisation ids are UUIDs; at most 63 characters, PostgreSQL's longest name.
  if (!/^uploads_[a-z0-9]{1,55}$/.test(name)) throw new Error(`not an organisation id: ${organisationId}`);
  return name;
}
