/** Ids of the routes other code refers to (router.tsx, the management routes patched in at match time). */
export const routeIds = { root: 'root', app: 'app', content: 'content', management: 'management' } as const;
