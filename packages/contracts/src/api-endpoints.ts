// Every endpoint of the API (decision 025), composed from one file per feature under endpoints/, each named like
// the server folder that serves its endpoints (checks/feature-names.test.ts keeps the web and server names aligned).
import { activityEndpoints } from './endpoints/activity';
import { appConfigEndpoints } from './endpoints/app-config';
import { authEndpoints } from './endpoints/auth';
import { catalogueEndpoints } from './endpoints/catalogue';
import { contractEndpoints } from './endpoints/contract';
import { dashboardsEndpoints } from './endpoints/dashboards';
import { dataSourcesEndpoints } from './endpoints/data-sources';
import { healthEndpoints } from './endpoints/health';
import { integrityEndpoints } from './endpoints/integrity';
import { localizationEndpoints } from './endpoints/localization';
import { mailEndpoints } from './endpoints/mail';
import { messagesEndpoints } from './endpoints/messages';
import { navigationEndpoints } from './endpoints/navigation';
import { notificationsEndpoints } from './endpoints/notifications';
import { recentsEndpoints } from './endpoints/recents';
import { reportsEndpoints } from './endpoints/reports';
import { signInEndpoints } from './endpoints/sign-in';
import { singleSignOnEndpoints } from './endpoints/single-sign-on';
import { subscriptionsEndpoints } from './endpoints/subscriptions';
import { twoFactorEndpoints } from './endpoints/two-factor';
import { userSessionsEndpoints } from './endpoints/user-sessions';
import { userSettingsEndpoints } from './endpoints/user-settings';
import { usersEndpoints } from './endpoints/users';

export type { Endpoint, EndpointSchemas } from './endpoints/endpoint';

/** Every endpoint of the API, keyed by its operation id (the same keys as `apiRoutes`). */
export const apiEndpoints = {
  ...authEndpoints,
  ...signInEndpoints,
  ...userSessionsEndpoints,
  ...navigationEndpoints,
  ...usersEndpoints,
  ...twoFactorEndpoints,
  ...messagesEndpoints,
  ...contractEndpoints,
  ...userSettingsEndpoints,
  ...recentsEndpoints,
  ...notificationsEndpoints,
  ...dashboardsEndpoints,
  ...localizationEndpoints,
  ...healthEndpoints,
  ...appConfigEndpoints,
  ...reportsEndpoints,
  ...dataSourcesEndpoints,
  ...catalogueEndpoints,
  ...activityEndpoints,
  ...singleSignOnEndpoints,
  ...subscriptionsEndpoints,
  ...mailEndpoints,
  ...integrityEndpoints,
} as const;

export type ApiEndpoints = typeof apiEndpoints;
