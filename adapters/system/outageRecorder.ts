import type { Outage, OutageLog } from '../../core/ports/OutageLog.js';

/** Most ended outages kept until the leader takes them (older ones are dropped first). */
const keep = 100;

/** The process's memory of database outages (the OutageLog port). */
export class OutageRecorder implements OutageLog {
  private open: { from: Date; detail: string } | null = null;
  private ended: Outage[] = [];

  failed(now: Date, detail: string): void {
    this.open ??= { from: now, detail };
  }

  answered(now: Date): void {
    if (!this.open) return;
    this.ended.push({ dependency: 'database', from: this.open.from, to: now, detail: this.open.detail });
    if (this.ended.length > keep) this.ended.shift();
    this.open = null;
  }

  takeEnded(): readonly Outage[] {
    const out = this.ended;
    this.ended = [];
    return out;
  }
}
