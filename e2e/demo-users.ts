/** The demo sign-ins the seed creates; browser tests sign in with them. */
export const demoUsers = {
  admin: { email: 'admin@example.com', password: 'Cockpit-admin-1', displayName: 'Anna Admin' },
  member: { email: 'member@example.com', password: 'Cockpit-member-1', displayName: 'Max Member' },
  basic: { email: 'basic@example.com', password: 'Cockpit-basic-1', displayName: 'Bea Basic' },
  otherAdmin: {
    email: 'admin@beispiel.example',
    password: 'Beispiel-admin-1',
    displayName: 'Bernd Beispiel',
  },
} as const;
export type DemoUser = (typeof demoUsers)[keyof typeof demoUsers];
