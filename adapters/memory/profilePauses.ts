import type { NewEvent } from '../../core/domain/event.js';
import { type ProfilePause, pauseEnded, type WindowChange } from '../../core/domain/profilePause.js';
import type { ProfilePauses } from '../../core/ports/ProfilePauses.js';
import type { MemoryStore } from './store.js';

export class MemoryProfilePauses implements ProfilePauses {
  constructor(private readonly store: MemoryStore) {}

  async pause(p: ProfilePause, event: NewEvent, now: Date) {
    if (!this.store.profiles.has(p.profileId)) return 'not_found' as const;
    const was = this.store.pauses.get(p.profileId);
    if (was && !pauseEnded(was, now)) return 'already' as const;
    this.store.pauses.set(p.profileId, p);
    this.store.appendEvent(event, now);
    return 'ok' as const;
  }

  async replace(p: ProfilePause, earlierAt: Date, event: NewEvent, now: Date) {
    const was = this.store.pauses.get(p.profileId);
    if (!was || was.at.getTime() !== earlierAt.getTime() || pauseEnded(was, now)) return 'changed' as const;
    this.store.pauses.set(p.profileId, p);
    this.store.appendEvent(event, now);
    return 'ok' as const;
  }

  async tell(profileId: string, at: Date, change: WindowChange, event: NewEvent, now: Date) {
    const was = this.store.pauses.get(profileId);
    const told = was?.told ?? { began: false, ended: false };
    if (!was || was.at.getTime() !== at.getTime() || told[change]) return false;
    this.store.pauses.set(profileId, { ...was, told: { ...told, [change]: true } });
    this.store.appendEvent(event, now);
    return true;
  }

  async resume(profileId: string, at: Date, event: NewEvent, now: Date): Promise<boolean> {
    const was = this.store.pauses.get(profileId);
    if (!was || was.at.getTime() !== at.getTime() || pauseEnded(was, now)) return false;
    this.store.pauses.delete(profileId);
    this.store.appendEvent(event, now);
    return true;
  }

  async of(profileId: string): Promise<ProfilePause | null> {
    return this.store.pauses.get(profileId) ?? null;
  }

  async all(): Promise<readonly ProfilePause[]> {
    return [...this.store.pauses.values()];
  }
}
