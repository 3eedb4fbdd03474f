/** The offline queue: kept when offline or on a network error, sent once per id on sync, refusals kept for the user. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/core/http/types';
import { isNetworkError, newSubmissionId, OfflineQueue } from './queue';
import { localStore, memoryStore } from './store';
import { scaledSize } from './photo';

type P = { n: number };

/** A queue with a sender that records the ids it got and answers from `answers` (an Error rejects). */
function setup(answers: unknown[] = []) {
  const store = memoryStore();
  const q = new OfflineQueue(store);
  const sent: string[] = [];
  q.register<P>('step', (_p, id) => {
    sent.push(id);
    const a = answers.shift();
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a ?? 'ok');
  });
  return { q, store, sent };
}
const entry = (id = newSubmissionId()) => ({ id, kind: 'step', scope: 'order:1', payload: { n: 1 } });
const offline = (off: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!off);
const network = () => new HttpError('network', 'Network error');

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('OfflineQueue', () => {
  it('sends at once when online and keeps nothing', async () => {
    const { q, sent } = setup();
    expect(await q.submit(entry('a'))).toBe('sent');
    expect(sent).toEqual(['a']);
    expect(q.list()).toHaveLength(0);
  });

  it('keeps a step submitted offline without trying, and sends it once with the same id when back online', async () => {
    const { q, store, sent } = setup();
    offline(true);
    expect(await q.submit(entry('a'))).toBe('kept');
    expect(sent).toEqual([]);
    expect(store.read()).toMatchObject([{ id: 'a', status: 'waiting', scope: 'order:1', payload: { n: 1 } }]);
    await q.flush(); // still offline: nothing sent
    expect(sent).toEqual([]);
    offline(false);
    await Promise.all([q.flush(), q.flush()]); // one flush at a time: sent once
    expect(sent).toEqual(['a']);
    expect(q.list()).toHaveLength(0);
    expect(q.syncedOf('order:1')?.id).toBe('a');
  });

  it('keeps a step whose request failed on the network, and retries with the same id until it goes through', async () => {
    const { q, sent } = setup([network(), network(), 'ok']);
    expect(await q.submit(entry('a'))).toBe('kept');
    await q.flush();
    expect(q.list()).toMatchObject([{ id: 'a', status: 'waiting' }]);
    await q.flush();
    expect(sent).toEqual(['a', 'a', 'a']);
    expect(q.list()).toHaveLength(0);
  });

  it('throws an HTTP refusal of a direct submit to the caller, keeping nothing', async () => {
    const { q } = setup([new HttpError('http', 'Information incomplete: survey.photos', 400, 400)]);
    await expect(q.submit(entry('a'))).rejects.toMatchObject({ code: 400 });
    expect(q.list()).toHaveLength(0);
  });

  it('keeps a step refused after sync with the server message, until the user removes it', async () => {
    const { q, sent } = setup([new HttpError('http', 'The order was changed by someone else', 409, 409), 'ok']);
    const off = offline(true);
    await q.submit(entry('a'));
    await q.submit(entry('b'));
    off.mockReturnValue(true);
    await q.flush();
    expect(q.list()).toMatchObject([{ id: 'a', status: 'refused', code: 409, error: 'The order was changed by someone else', payload: { n: 1 } }]);
    expect(sent).toEqual(['a', 'b']);
    await q.flush(); // a refused entry is not sent again by itself
    expect(sent).toHaveLength(2);
    q.remove('a');
    expect(q.list()).toHaveLength(0);
  });

  it('survives a reload (localStorage): a step caught mid-send is waiting again, with its id', async () => {
    const q1 = new OfflineQueue(localStore('test.queue'));
    q1.register('step', () => new Promise<never>(() => undefined)); // never answers: stays "sending"
    offline(true);
    await q1.submit(entry('a'));
    offline(false);
    void q1.flush();
    await Promise.resolve();
    expect(q1.list()).toMatchObject([{ id: 'a', status: 'sending' }]);
    const q2 = new OfflineQueue(localStore('test.queue'));
    expect(q2.list()).toMatchObject([{ id: 'a', status: 'waiting', kind: 'step' }]);
    const got: string[] = [];
    q2.register('step', (_p, id) => Promise.resolve(got.push(id)));
    await q2.flush();
    expect(got).toEqual(['a']);
    expect(new OfflineQueue(localStore('test.queue')).list()).toHaveLength(0);
  });

  it('tells subscribers of each change', async () => {
    const { q } = setup();
    const seen = vi.fn();
    q.subscribe(seen);
    offline(true);
    await q.submit(entry('a'));
    expect(seen).toHaveBeenCalledTimes(1);
  });
});

describe('helpers', () => {
  it('tells a network error or time-out from a refusal', () => {
    expect(isNetworkError(network())).toBe(true);
    expect(isNetworkError(new HttpError('timeout', 'slow'))).toBe(true);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new HttpError('http', 'no', 409, 409))).toBe(false);
  });

  it('makes distinct v4 ids', () => {
    const a = newSubmissionId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newSubmissionId()).not.toBe(a);
  });

  it('scales a photo to 1600 px on its longest side, small ones unchanged', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
