export const names = ['en', 'de'] as const;
export function two(n: string) { return n.slice(0, 2); }
