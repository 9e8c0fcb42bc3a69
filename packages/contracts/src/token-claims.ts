// Plain data, no zod: the route guards of the web app read it on every signed-in navigation.

/**
 * The bearer-token claim listing the set-up gates (contracts `accountSetUpGates`) a signed-in user must
 * pass before anything else, in order; absent when there are none. The server decides them
 * (apps/server/src/auth/account-policy.ts) and refuses every other call with the gate's 403 code; the web
 * app reads the claim to show the gate's screen first, and asks for a fresh token when a call is refused
 * with a gate's code.
 */
export const pendingSetUpClaim = 'pendingSetUp';
