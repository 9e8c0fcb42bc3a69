// Plain constants, no zod (see languages.ts): the signed-in shell asks the message service for its banner
// and must not load the zod library for that (issue 3 bundle budget).

/** The message service's paths (spec §7; messages.ts has the shapes). */
export const messagesApiPaths = {
  current: '/api/messages/current',
  contract: '/api/messages/contract',
  dismissal: '/api/messages/:id/dismissal',
} as const;
