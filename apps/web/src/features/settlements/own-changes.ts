import type { SettlementFilter, SettlementState } from '@campusrun/shared';
import { createContext, useContext } from 'react';

/** The Money tab a settlement in this state is listed under; none for a sale called off. */
export function tabOf(state: SettlementState): SettlementFilter | null {
  switch (state) {
    case 'proposed':
    case 'open':
    case 'paid':
      return 'open';
    case 'settled':
      return 'settled';
    case 'disputed':
      return 'disputed';
    case 'void':
      return null;
  }
}

/** A settlement the member's own action just changed, as the server answered it. */
export interface OwnChange {
  id: string;
  state: SettlementState;
}

const OwnChangeContext = createContext<(change: OwnChange) => void>(() => {});

/**
 * Where the member's own changes to a settlement are told (Money follows one to its new tab). Changes
 * made by the other side arrive live and are never told here. Outside Money nobody listens.
 */
export const OwnChangeProvider = OwnChangeContext.Provider;

/** Tells the screen of a change the member just made themself. */
export const useTellOwnChange = () => useContext(OwnChangeContext);
