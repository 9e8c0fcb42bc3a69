import { describe, expect, it } from 'vitest';
import { apiEndpoints } from '../api-endpoints';
import { activityEndpoints } from './activity';
import { appConfigEndpoints } from './app-config';
import { authEndpoints } from './auth';
import { catalogueEndpoints } from './catalogue';
import { contractEndpoints } from './contract';
import { dashboardsEndpoints } from './dashboards';
import { dataSourcesEndpoints } from './data-sources';
import { healthEndpoints } from './health';
import { integrityEndpoints } from './integrity';
import { localizationEndpoints } from './localization';
import { mailEndpoints } from './mail';
import { messagesEndpoints } from './messages';
import { navigationEndpoints } from './navigation';
import { notificationsEndpoints } from './notifications';
import { recentsEndpoints } from './recents';
import { reportsEndpoints } from './reports';
import { signInEndpoints } from './sign-in';
import { singleSignOnEndpoints } from './single-sign-on';
import { subscriptionsEndpoints } from './subscriptions';
import { twoFactorEndpoints } from './two-factor';
import { userSessionsEndpoints } from './user-sessions';
import { userSettingsEndpoints } from './user-settings';
import { usersEndpoints } from './users';

// `apiEndpoints` spreads the features' endpoints into one object: a key defined by two features would
// silently keep only the later one, so each operation id must belong to exactly one feature file.
const features = [
  activityEndpoints,
  appConfigEndpoints,
  authEndpoints,
  catalogueEndpoints,
  contractEndpoints,
  dashboardsEndpoints,
  dataSourcesEndpoints,
  healthEndpoints,
  integrityEndpoints,
  localizationEndpoints,
  mailEndpoints,
  messagesEndpoints,
  navigationEndpoints,
  notificationsEndpoints,
  recentsEndpoints,
  reportsEndpoints,
  signInEndpoints,
  singleSignOnEndpoints,
  subscriptionsEndpoints,
  twoFactorEndpoints,
  userSessionsEndpoints,
  userSettingsEndpoints,
  usersEndpoints,
];

describe('the endpoints of each feature', () => {
  it('define every operation id of the API once, in one feature', () => {
    const keys = features.flatMap((feature) => Object.keys(feature));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(keys.sort()).toEqual(Object.keys(apiEndpoints).sort());
  });

  it('are the very descriptors the API composes', () => {
    for (const feature of features) {
      for (const [key, endpoint] of Object.entries(feature)) {
        expect(apiEndpoints[key as keyof typeof apiEndpoints]).toBe(endpoint);
      }
    }
  });
});
