import { describe, expect, it } from 'vitest';
import type { BannerMessageItem } from '@cockpit/contracts';
import { bannerCardsReducer, initialBannerCards } from './banner-cards';

const message = (id: string, title = `Title ${id}`): BannerMessageItem => ({
  id,
  title,
  body: 'Body',
  action: { label: null, type: 'close', href: null },
  secondaryAction: null,
});

describe('banner cards (docs/product.md §4 Banner)', () => {
  it('starts empty (the banner is hidden) and adds messages in order', () => {
    expect(initialBannerCards.cards).toEqual([]);
    const state = [message('a'), message('b')].reduce(
      (current, m) => bannerCardsReducer(current, { type: 'add', message: m }),
      initialBannerCards,
    );
    expect(state.cards.map((card) => card.id)).toEqual(['a', 'b']);
  });

  it('replaces a message with an existing id in place', () => {
    let state = bannerCardsReducer(initialBannerCards, { type: 'add', message: message('a', 'English') });
    state = bannerCardsReducer(state, { type: 'add', message: message('b') });
    state = bannerCardsReducer(state, { type: 'add', message: message('a', 'Deutsch') });
    expect(state.cards.map((card) => [card.id, card.title])).toEqual([
      ['a', 'Deutsch'],
      ['b', 'Title b'],
    ]);
  });

  it('closing removes the card and keeps it from coming back', () => {
    let state = bannerCardsReducer(initialBannerCards, { type: 'add', message: message('a') });
    state = bannerCardsReducer(state, { type: 'close', id: 'a' });
    expect(state.cards).toEqual([]);
    state = bannerCardsReducer(state, { type: 'add', message: message('a', 'late answer') });
    expect(state.cards).toEqual([]);
    const same = bannerCardsReducer(state, { type: 'close', id: 'a' });
    expect(same).toBe(state);
  });
});
