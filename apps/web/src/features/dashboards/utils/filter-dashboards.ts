import { type MenuGroup, normalizeSearchText } from '@cockpit/contracts';

/**
 * The dashboards panel's search: groups keep only the items whose title or sub-title contains the
 * term (or all items when the group's own title matches); groups left empty disappear.
 */
export function filterDashboardGroups(groups: MenuGroup[], term: string): MenuGroup[] {
  const needle = normalizeSearchText(term);
  if (needle === '') return groups;
  return groups
    .map((group) => {
      if (normalizeSearchText(group.title).includes(needle)) return group;
      const items = group.items.filter(
        (item) =>
          normalizeSearchText(item.title).includes(needle) ||
          normalizeSearchText(item.subTitle ?? '').includes(needle),
      );
      return { ...group, items };
    })
    .filter((group) => group.items.length > 0);
}
