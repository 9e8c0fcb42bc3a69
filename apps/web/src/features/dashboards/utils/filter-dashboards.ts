import type { MenuGroup } from '@cockpit/contracts';

/** Lower case without accents, so "uber" finds "Überblick" (DESIGN.md §3: accent-insensitive search). */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * The dashboards panel's search: groups keep only the items whose title or sub-title contains the
 * term (or all items when the group's own title matches); groups left empty disappear.
 */
export function filterDashboardGroups(groups: MenuGroup[], term: string): MenuGroup[] {
  const needle = normaliseSearchText(term);
  if (needle === '') return groups;
  return groups
    .map((group) => {
      if (normaliseSearchText(group.title).includes(needle)) return group;
      const items = group.items.filter(
        (item) =>
          normaliseSearchText(item.title).includes(needle) ||
          normaliseSearchText(item.subTitle ?? '').includes(needle),
      );
      return { ...group, items };
    })
    .filter((group) => group.items.length > 0);
}
