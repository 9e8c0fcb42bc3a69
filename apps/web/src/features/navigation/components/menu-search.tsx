import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuGroup, MenuItem } from '@cockpit/contracts';
import { PlaceholderTile } from '../../../components/ui/placeholder-tile';
import {
  buildMenuSearchIndex,
  minSearchLength,
  searchMenu,
  type SearchResultGroup,
  type SearchResultItem,
} from '../search/menu-search';
import { useNavigationStore } from '../store/navigation-store';
import { findMenuGroupControl } from './menu-groups';
import { isHttpUrl, menuItemHref } from './menu-item-link';
import classes from './menu-search.module.css';

type Option =
  | { kind: 'item'; key: string; item: SearchResultItem }
  | { kind: 'group'; key: string; group: SearchResultGroup };

type MenuSearchProps = {
  groups: MenuGroup[];
  /** Offered while the box is focused and still empty (the user's recently opened items). */
  recentItems?: MenuItem[] | undefined;
};

const asResult = (item: MenuItem): SearchResultItem => ({
  name: item.name,
  path: item.path,
  externalUrl: item.externalUrl,
  translatedLabel: item.title,
  subTitle: item.subTitle,
  groupName: '',
  groupLabel: '',
});

/**
 * docs/product.md §2 Menu search (docs/product.md §D.3): the search box at the top of the main menu. Focusing it opens an
 * overlay with matching items (label + sub-title) and matching groups, or the empty state, or the
 * "too short" hint. Keyboard: arrows move, Enter chooses, Escape closes; Ctrl+K and "/" focus it
 * (main layout). Choosing an item opens it; choosing a group expands it, clears the term and closes
 * the overlay; clicking the backdrop closes it and clears the term (docs/product.md §4). While the box is empty it
 * offers the recently opened reports and dashboards.
 */
export function MenuSearch({ groups, recentItems = [] }: MenuSearchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);

  const search = useNavigationStore((state) => state.search);
  const focusRequest = useNavigationStore((state) => state.searchFocusRequest);
  const openSearch = useNavigationStore((state) => state.openSearch);
  const setSearch = useNavigationStore((state) => state.setSearch);
  const closeSearch = useNavigationStore((state) => state.closeSearch);
  const openMenuGroup = useNavigationStore((state) => state.openMenuGroup);

  // Normalised once per menu (and language), not per keystroke.
  const index = useMemo(() => buildMenuSearchIndex(groups), [groups]);

  useEffect(() => {
    if (focusRequest > 0) inputRef.current?.focus();
  }, [focusRequest]);

  // A new menu (another language) while the overlay is open: the results follow it.
  const { term, isOpen } = search;
  useEffect(() => {
    if (isOpen) setSearch(term, searchMenu(index, term));
    // Only when the index changes; typing updates the results itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index]);

  const showRecents = isOpen && term.trim() === '' && recentItems.length > 0;
  const options: Option[] = useMemo(
    () =>
      showRecents
        ? recentItems.map((item): Option => ({
            kind: 'item',
            key: `recent-${item.path ?? item.name}`,
            item: asResult(item),
          }))
        : [
            ...search.results.items.map((item): Option => ({ kind: 'item', key: `item-${item.name}`, item })),
            ...search.results.groups.map((group): Option => ({
              kind: 'group',
              key: `group-${group.name}`,
              group,
            })),
          ],
    [search.results, showRecents, recentItems],
  );
  const active = options[Math.min(activeIndex, options.length - 1)];
  const optionId = (option: Option) => `${listboxId}-${option.key}`;

  function handleChange(value: string) {
    setSearch(value, searchMenu(index, value));
    setActiveIndex(0);
  }

  function choose(option: Option) {
    closeSearch();
    if (option.kind === 'group') {
      openMenuGroup(option.group.name);
      // After the accordion opened it: show the group and put the focus on it.
      requestAnimationFrame(() => {
        const control = findMenuGroupControl(option.group.name);
        control?.scrollIntoView({ block: 'nearest' });
        control?.focus();
      });
      return;
    }
    inputRef.current?.blur();
    const { item } = option;
    if (isHttpUrl(item.externalUrl)) {
      window.open(item.externalUrl, '_blank', 'noopener,noreferrer');
    } else {
      void navigate(menuItemHref({ name: item.name, path: item.path }));
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeSearch();
      return;
    }
    if (!isOpen) {
      if (event.key === 'ArrowDown') openSearch();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex(
        (current) => (Math.min(current, options.length - 1) + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    }
  }

  // Focus moving to another control (Tab, a side-menu button) closes the overlay; a mouse press on the
  // backdrop moves the focus nowhere and is handled by the backdrop's click (docs/product.md §4).
  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    if (event.relatedTarget !== null) closeSearch();
  }

  useEffect(() => {
    document.getElementById(active ? optionId(active) : '')?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from stable values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  /** One choosable line of the overlay: the label and, dimmer, its sub-title and group or what it does. */
  const optionRow = (option: Option) => {
    const meta =
      option.kind === 'group'
        ? t('menuSearch.openGroup')
        : [option.item.subTitle, option.item.groupLabel].filter(Boolean).join(' · ');
    return (
      <div
        key={option.key}
        id={optionId(option)}
        role="option"
        aria-selected={option === active}
        data-active={option === active || undefined}
        className={classes.option}
        onClick={() => choose(option)}
        onMouseEnter={() => setActiveIndex(options.indexOf(option))}
      >
        <span className={classes.optionLabel}>
          {option.kind === 'item' ? option.item.translatedLabel : option.group.translatedLabel}
        </span>
        {meta && <span className={classes.optionMeta}>{meta}</span>}
      </div>
    );
  };

  /** The results of one kind under their heading; nothing when there are none. */
  const resultSection = (kind: Option['kind'], heading: string) => {
    const found = options.filter((option) => option.kind === kind);
    if (found.length === 0) return null;
    return (
      <div role="group" aria-labelledby={`${listboxId}-${kind}s`}>
        <div id={`${listboxId}-${kind}s`} className={classes.sectionLabel}>
          {heading}
        </div>
        {found.map((option) => optionRow(option))}
      </div>
    );
  };

  return (
    <>
      {isOpen && (
        <div className={classes.backdrop} onClick={closeSearch} data-testid="menu-search-backdrop" />
      )}
      <div className={classes.root} data-open={isOpen || undefined} role="search">
        {/* A plain field with Mantine's look (bundle budget, docs/decisions/011); the key hint is left
            out on touch screens, which have no keyboard to press it with (menu-search.module.css). */}
        <div className={classes.field}>
          <span className={classes.fieldIcon} aria-hidden="true">
            <IconSearch size={16} />
          </span>
          <input
            ref={inputRef}
            type="search"
            className={classes.input}
            value={term}
            placeholder={t('menuSearch.placeholder')}
            aria-label={t('menuSearch.label')}
            role="combobox"
            aria-expanded={isOpen && options.length > 0}
            aria-controls={isOpen && options.length > 0 ? listboxId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={isOpen && active ? optionId(active) : undefined}
            aria-keyshortcuts="Control+K /"
            autoComplete="off"
            spellCheck={false}
            onFocus={openSearch}
            onBlur={handleBlur}
            onChange={(event) => handleChange(event.currentTarget.value)}
            onKeyDown={handleKeyDown}
            data-testid="menu-search-input"
          />
          {!isOpen && (
            <kbd className={classes.keyHint} aria-hidden="true" data-testid="menu-search-key-hint">
              Ctrl K
            </kbd>
          )}
        </div>
        {isOpen && (
          // Keep the focus in the box while the mouse picks a result.
          <div
            className={classes.overlay}
            onMouseDown={(event) => event.preventDefault()}
            data-testid="menu-search-overlay"
          >
            {showRecents ? (
              <div id={listboxId} role="listbox" aria-labelledby={`${listboxId}-recent`}>
                <div id={`${listboxId}-recent`} className={classes.sectionLabel}>
                  {t('menuSearch.recent')}
                </div>
                {options.map((option) => optionRow(option))}
              </div>
            ) : search.state === 'results' ? (
              <div id={listboxId} role="listbox" aria-label={t('menuSearch.resultsLabel')}>
                {resultSection('item', t('menuSearch.items'))}
                {resultSection('group', t('menuSearch.groups'))}
              </div>
            ) : search.state === 'empty' ? (
              <div role="status">
                <PlaceholderTile
                  icon="search"
                  compact
                  headingOrder={3}
                  headline={t('menuSearch.emptyHeadline')}
                  text={t('menuSearch.emptyText', { term: term.trim() })}
                />
              </div>
            ) : (
              <div role="status" className={classes.hint} data-testid="menu-search-hint">
                {t('menuSearch.tooShort', { count: minSearchLength })}
              </div>
            )}
          </div>
        )}
      </div>
    </>
  );
}
