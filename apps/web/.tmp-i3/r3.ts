import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
i18next.use(initReactI18next).init({ lng: 'en' });
console.log(useTranslation);
