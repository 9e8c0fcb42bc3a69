import { type MenuGroup, normalizeSearchText } from '@cockpit/contracts';

/**
 * The menu search (docs/product.md §2 Menu search, §3 Search results; docs/product.md §D.3): case- and accent-insensitive
 * (`ä` matches `a`, `ß` matches `ss`, `é` matches `e`), over the translated labels the menu arrived
 * with, label matches ranked before sub-title matches, a minimum of 2 characters.
 *
 * Pure functions, no React: the index is built once per menu (normalising every label then), so one
 * keystroke is a scan of precomputed strings — well under 5 ms for 5,000 items (bench/menu-search.bench.ts).
 */
export const minSearchLength = 2;

/** docs/product.md §3 Search results: items (name, path, translatedLabel, subTitle, groupName). */
export type SearchResultItem = {
  name: string;
  /** The in-app path, or null for an external item (then `externalUrl` is set). */
  path: string | null;
  externalUrl: string | null;
  translatedLabel: string;
  subTitle: string | null;
  groupName: string;
  /** The group's label, shown beside the item. */
  groupLabel: string;
};

/** docs/product.md §3 Search results: groups (name, translatedLabel). */
export type SearchResultGroup = { name: string; translatedLabel: string };

export type SearchResults = { items: SearchResultItem[]; groups: SearchResultGroup[] };

/** docs/product.md §2 Menu search: three states (plus idle while the term is empty). */
export type SearchOutcome =
  | { state: 'tooShort' }
  | { state: 'empty' }
  | { state: 'results'; results: SearchResults; totalItems: number; totalGroups: number };

type IndexedItem = {
  result: SearchResultItem;
  /** The normalised label, and its words joined by single spaces behind a leading space. */
  label: string;
  labelWords: string;
  subTitle: string;
  subTitleWords: string;
};

type IndexedGroup = { result: SearchResultGroup; label: string; labelWords: string };

export type MenuSearchIndex = { items: IndexedItem[]; groups: IndexedGroup[] };

const nonWord = /[^\p{L}\p{N}]+/u;
const nonWordRuns = /[^\p{L}\p{N}]+/gu;

function wordsOf(normalized: string): string[] {
  return normalized.split(nonWord).filter((word) => word !== '');
}

/** `" grosse umsatze"`: a word starts wherever a space precedes it, so one `includes` finds word starts. */
function wordText(normalized: string): string {
  return ` ${normalized.replace(nonWordRuns, ' ').trim()}`;
}

/** Builds the index once per menu (and language): every label normalised up front. */
export function buildMenuSearchIndex(groups: readonly MenuGroup[]): MenuSearchIndex {
  const items: IndexedItem[] = [];
  const indexedGroups: IndexedGroup[] = [];
  for (const group of groups) {
    const groupLabel = normalizeSearchText(group.title);
    indexedGroups.push({
      result: { name: group.name, translatedLabel: group.title },
      label: groupLabel,
      labelWords: wordText(groupLabel),
    });
    for (const item of group.items) {
      const label = normalizeSearchText(item.title);
      const subTitle = item.subTitle ? normalizeSearchText(item.subTitle) : '';
      items.push({
        result: {
          name: item.name,
          path: item.externalUrl ? null : item.path,
          externalUrl: item.externalUrl,
          translatedLabel: item.title,
          subTitle: item.subTitle,
          groupName: group.name,
          groupLabel: group.title,
        },
        label,
        labelWords: wordText(label),
        subTitle,
        subTitleWords: wordText(subTitle),
      });
    }
  }
  return { items, groups: indexedGroups };
}

/** A normalised search term, prepared once per keystroke. */
type Term = { text: string; words: string[]; wordStart: string };

/**
 * How well a text matches the term; lower is better, -1 is no match:
 * 0 the text starts with the term, 1 a word starts with it, 2 it occurs inside a word,
 * 3 every word of the term occurs somewhere (any order).
 */
function matchRank(text: string, words: string, term: Term): number {
  if (text === '') return -1;
  const at = text.indexOf(term.text);
  if (at === 0) return 0;
  if (at > 0) return words.includes(term.wordStart) ? 1 : 2;
  if (term.words.length > 1 && term.words.every((word) => text.includes(word))) return 3;
  return -1;
}

/** Ranks 0–3 for label matches, then 4–7 for sub-title-only matches: label matches always come first. */
const rankCount = 8;
const subTitleRankOffset = 4;

export type SearchOptions = { itemLimit?: number; groupLimit?: number };

/**
 * One keystroke: the outcome for `term` over a built index. Items matching in the label come before
 * items matching only in the sub-title; within each, better matches first, then menu order. Matches are
 * collected into rank buckets in menu order, so no sorting is needed.
 */
export function searchMenu(
  index: MenuSearchIndex,
  input: string,
  options: SearchOptions = {},
): SearchOutcome {
  const { itemLimit = 50, groupLimit = 20 } = options;
  const text = normalizeSearchText(input);
  if (text.length < minSearchLength) return { state: 'tooShort' };
  const words = wordsOf(text);
  const term: Term = { text, words, wordStart: ` ${words.join(' ')}` };

  const itemBuckets: SearchResultItem[][] = Array.from({ length: rankCount }, () => []);
  let totalItems = 0;
  for (const entry of index.items) {
    let rank = matchRank(entry.label, entry.labelWords, term);
    if (rank < 0) {
      rank = matchRank(entry.subTitle, entry.subTitleWords, term);
      if (rank < 0) continue;
      rank += subTitleRankOffset;
    }
    totalItems += 1;
    itemBuckets[rank]?.push(entry.result);
  }
  const groupBuckets: SearchResultGroup[][] = Array.from({ length: rankCount }, () => []);
  let totalGroups = 0;
  for (const entry of index.groups) {
    const rank = matchRank(entry.label, entry.labelWords, term);
    if (rank < 0) continue;
    totalGroups += 1;
    groupBuckets[rank]?.push(entry.result);
  }
  if (totalItems === 0 && totalGroups === 0) return { state: 'empty' };

  return {
    state: 'results',
    results: { items: firstOf(itemBuckets, itemLimit), groups: firstOf(groupBuckets, groupLimit) },
    totalItems,
    totalGroups,
  };
}

/** The first `limit` entries of the buckets, best bucket first (no copy of everything that matched). */
function firstOf<T>(buckets: T[][], limit: number): T[] {
  const first: T[] = [];
  for (const bucket of buckets) {
    for (const entry of bucket) {
      if (first.length === limit) return first;
      first.push(entry);
    }
  }
  return first;
}
