// No zod here: the signed-in shell keeps the notification stream open (bundle budget, docs/decisions/011).

/** How often the stream sends a heartbeat comment (docs/product.md §D.5), so proxies keep the connection. */
export const notificationStreamHeartbeatMs = 25_000;
