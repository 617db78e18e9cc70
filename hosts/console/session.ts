import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { MeBody } from './types.js';

export type Role = MeBody['role'];
const rank: Record<Role, number> = { none: 0, viewer: 1, operator: 2, admin: 3 };

export const SessionContext = createContext<MeBody | null>(null);

export const useMe = (): MeBody => {
  const me = useContext(SessionContext);
  if (!me) throw new Error('no session');
  return me;
};

/** Whether the signed-in user's role is at least `least` (the API enforces the same rule). */
export const useCan = (least: Role): boolean => rank[useMe().role] >= rank[least];

/**
 * Whether they may act as `least` on `project`: their own role, or one granted for that project
 * (roles per project; the API checks the same). Without a project, their own role alone.
 */
export const canIn = (me: MeBody, least: Role, project: string | null | undefined): boolean => {
  const granted = project ? me.project_roles[project] : undefined;
  const held = granted && rank[granted] > rank[me.role] ? granted : me.role;
  return rank[held] >= rank[least];
};
