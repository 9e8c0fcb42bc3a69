import { useTranslation } from 'react-i18next';
import { getClientParams } from '../../../lib/client-params';

/** The UI culture for dates and numbers (the user's setting; the UI language until it is known). */
export function useCulture(): string {
  const { i18n } = useTranslation();
  return getClientParams().cultureName ?? i18n.language;
}
