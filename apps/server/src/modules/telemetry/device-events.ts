/**
 * In-process notice that a device registration changed (registered, unbound, moved): the ingest's device cache drops
 * the SN at once instead of waiting for its 60-second expiry. Other processes rely on that expiry.
 */
import { EventEmitter } from 'node:events';

export const deviceChanges = new EventEmitter();
deviceChanges.setMaxListeners(50);

export function deviceChanged(sn: string): void {
  deviceChanges.emit('changed', sn);
}
