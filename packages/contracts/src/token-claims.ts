// Plain data, no zod: the route guards of the web app read it on every signed-in navigation.

/**
 * The bearer-token claim (`true`) of a user who must choose a new password before anything else
 * (decision 022: a one-time password set by an administrator). The web app reads it to show the
 * password-change screen; the server decides from the database and refuses every other call with 403
 * `PASSWORD_CHANGE_REQUIRED`.
 */
export const passwordChangeRequiredClaim = 'mustChangePassword';
