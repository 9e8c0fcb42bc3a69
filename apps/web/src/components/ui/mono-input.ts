/** Names and SQL are typed in the monospace font; the label and hints above them keep the normal one. */
export const monoInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
