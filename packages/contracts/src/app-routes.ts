// Plain functions, no zod (see languages.ts): the web app's router and the server's menu both build
// these addresses, so they are defined once here (spec §2 routes).

/** The page of a report: `/reports/<name>`. */
export const reportPagePath = (name: string) => `/reports/${encodeURIComponent(name)}`;

/** The page of a dashboard by its numeric layout id (spec §3: a dashboard item's name holds it). */
export const dashboardPagePath = (layoutId: number | string) =>
  `/dashboards/${encodeURIComponent(String(layoutId))}`;
