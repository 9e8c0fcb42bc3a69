import { uiLanguageNames, apiPaths } from '@cockpit/contracts';
console.log(uiLanguageNames, apiPaths.menu);
