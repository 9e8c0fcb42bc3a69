import type { UiLanguageName } from '@cockpit/contracts';
import { translate } from '../lib/language';

// Texts of mails (decisions 029 and 031): a UI text with its `{{name}}` values filled in, and HTML escaping.

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function fill(language: UiLanguageName, key: string, values: Record<string, string> = {}): string {
  return translate(language, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}
