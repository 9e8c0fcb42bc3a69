// A plain constant, no zod (see languages.ts): the web app's signed-in shell keeps the notifications
// stream open and must not load the zod library for that (issue 3 bundle budget).

/** How often the stream sends a heartbeat comment (DESIGN.md §5), so proxies keep the connection. */
export const notificationStreamHeartbeatMs = 25_000;
