import type { BannerMessageItem } from '@cockpit/contracts';

/**
 * The cards of the message banner (docs/product.md §2 Message banner, §4 Banner): a message with an id that is
 * already shown replaces that card in place (e.g. the same message in the new UI language); closing a
 * card removes it; a closed id is never shown again in this session, even if an answer that was already
 * on its way brings it back. The banner is hidden while `cards` is empty.
 */
export type BannerCardsState = {
  cards: BannerMessageItem[];
  closedIds: ReadonlySet<string>;
};

export type BannerCardsAction = { type: 'add'; message: BannerMessageItem } | { type: 'close'; id: string };

export const initialBannerCards: BannerCardsState = { cards: [], closedIds: new Set() };

export function bannerCardsReducer(state: BannerCardsState, action: BannerCardsAction): BannerCardsState {
  switch (action.type) {
    case 'add': {
      const { message } = action;
      if (state.closedIds.has(message.id)) return state;
      const index = state.cards.findIndex((card) => card.id === message.id);
      if (index === -1) return { ...state, cards: [...state.cards, message] };
      const cards = [...state.cards];
      cards[index] = message;
      return { ...state, cards };
    }
    case 'close': {
      if (!state.cards.some((card) => card.id === action.id) && state.closedIds.has(action.id)) return state;
      return {
        cards: state.cards.filter((card) => card.id !== action.id),
        closedIds: new Set([...state.closedIds, action.id]),
      };
    }
  }
}
