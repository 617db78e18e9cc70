import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { MeBody } from './types.js';

export type Role = MeBody['role'];
const rank: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export const SessionContext = createContext<MeBody | null>(null);

export const useMe = (): MeBody => {
  const me = useContext(SessionContext);
  if (!me) throw new Error('no session');
  return me;
};

/** Whether the signed-in user's role is at least `least` (the API enforces the same rule). */
export const useCan = (least: Role): boolean => rank[useMe().role] >= rank[least];
