/**
 * Replays fixture steps (fixture.ts) against the in-process app, one vitest test per step, in file order.
 *
 * A step marked `pendingFix` — or needing one that is — runs as `it.fails`: it passes while Helio still fails it and
 * fails the moment the fix lands, so the marker is dropped then. `BLADE_FIXTURES_STRICT=1` runs pending steps as
 * ordinary tests, to see why each fails.
 */
import { describe, it } from 'vitest';
import type { TestApp } from '../helper.js';
import { multipart, png } from '../multipart.js';
import { at, axiosQuery, check, refs, resolve, type Json, type Step, type Vars } from './fixture.js';

/** How one client speaks HTTP. */
export interface ClientProfile {
  /** `Authorization` on every request (Blade clients send their Basic client credentials everywhere). */
  basic: string;
  /** The token header and the variable holding the access token once signed in. */
  tokenHeader: string;
  tokenVar: string;
  /** Sent with every request (what the browser adds: Accept-Language). */
  headers: Record<string, string>;
}

export interface Suite {
  app: () => TestApp;
  profile: ClientProfile;
  vars: Vars;
  /** The server's SM2 public key (for `{{sm2 …}}`), read once the app runs. */
  publicKey: () => string;
}

/** Why each step is pending: its own marker or the pending step it needs. */
export function pendingReasons(steps: Step[]): Map<string, string> {
  // What a step needs: its explicit `needs`, and for each variable it uses the last step before it that saves it.
  const needs = new Map<string, string[]>();
  const saver = new Map<string, string>();
  for (const s of steps) {
    if (needs.has(s.id)) throw new Error(`two fixture steps are named ${s.id}`);
    const list = new Set(s.needs ?? []);
    for (const v of refs([s.url, s.query, s.body, s.headers, s.reads, s.tokenVar ? `{{${s.tokenVar}}}` : undefined])) {
      const from = saver.get(v);
      if (from) list.add(from);
    }
    for (const n of list) if (!needs.has(n)) throw new Error(`${s.id} needs ${n}, which no earlier fixture step defines`);
    needs.set(s.id, [...list]);
    for (const v of Object.keys(s.save ?? {})) saver.set(v, s.id);
  }
  const fix = new Map<string, string>(); // step → the pending fix it waits for
  const reasons = new Map<string, string>();
  for (const s of steps) {
    // Steps only need earlier ones, so every step's needs were settled before it.
    if (s.pendingFix) {
      fix.set(s.id, s.pendingFix);
      reasons.set(s.id, `pending fix: ${s.pendingFix}`);
    } else {
      const n = needs.get(s.id)!.find((id) => fix.has(id));
      if (n) {
        fix.set(s.id, fix.get(n)!);
        reasons.set(s.id, `needs ${n}; pending fix: ${fix.get(n)!}`);
      }
    }
  }
  return reasons;
}

function snippet(body: string): string {
  return body.length > 600 ? `${body.slice(0, 600)}…` : body;
}

/** Sends one step; answers the parsed body (for `save`), throwing with every problem found. */
export async function runStep(suite: Suite, step: Step): Promise<unknown> {
  const { vars, profile } = suite;
  const key = suite.publicKey();
  const url = String(resolve(step.url, vars, key));
  const query = step.query ? (resolve(step.query as Json, vars, key) as Record<string, Json>) : undefined;
  const token = vars[step.tokenVar ?? profile.tokenVar];
  const auth = step.auth ?? 'token';
  const qs = [auth === 'query' && token ? `blade-auth=bearer%20${String(token)}` : '', axiosQuery(query)].filter(Boolean).join('&');
  const headers: Record<string, string> = { ...profile.headers, authorization: profile.basic };
  if (auth === 'token' && token) headers[profile.tokenHeader] = `bearer ${String(token)}`;
  for (const [k, v] of Object.entries(step.headers ?? {})) headers[k.toLowerCase()] = String(resolve(v, vars, key));
  let payload: string | Buffer | undefined;
  if (step.upload) {
    const u = step.upload;
    const form = multipart([{ field: u.field, filename: u.filename, type: u.type, content: u.content === 'png' ? png() : u.content }]);
    payload = form.payload;
    Object.assign(headers, form.headers);
  } else if (step.body !== undefined) {
    payload = JSON.stringify(resolve(step.body, vars, key));
    headers['content-type'] = 'application/json;charset=UTF-8';
  }
  const target = `${url}${qs ? `${url.includes('?') ? '&' : '?'}${qs}` : ''}`;
  // The log writer batches (every 0.5 s, off the request path); a person opening a log page comes later than the
  // replay's next request does, so the batch in hand is written first (on a loaded CI machine it sometimes was not).
  if (url.startsWith('/api/blade-log/')) await suite.app().services.logs.flush();
  const res = await suite.app().req({ method: step.method, url: target, headers, ...(payload !== undefined ? { payload } : {}) });
  const line = `${step.method} ${target.replace(/(bearer(%20|\+| ))[\w.-]+/gi, '$1<token>')}`;
  const fail = (problems: string[]) =>
    new Error(`${step.id} (${step.page}: ${step.does})\n  ${line}${payload && !step.upload ? `\n  body ${snippet(String(payload))}` : ''}\n  → HTTP ${res.statusCode} ${snippet(res.body)}\n  ${problems.join('\n  ')}`);

  const answer = step.answer ?? 'r';
  if (typeof answer === 'object' && 'refused' in answer) {
    let msg = '';
    try {
      msg = String((res.json() as { msg?: unknown }).msg ?? '');
    } catch {
      throw fail(['the answer is not JSON']);
    }
    if (res.statusCode !== 400 || !answer.refused.msgLike.test(msg)) throw fail([`expected a 400 whose msg matches ${answer.refused.msgLike} (${answer.refused.why})`]);
    return undefined;
  }
  if (typeof answer === 'object') {
    const type = String(res.headers['content-type'] ?? '');
    if (res.statusCode !== 200 || !type.includes(answer.file)) throw fail([`expected a ${answer.file} download, got ${type}`]);
    return undefined;
  }
  let body: unknown;
  try {
    body = res.json();
  } catch {
    throw fail(['the answer is not JSON']);
  }
  const problems: string[] = [];
  if (answer === 'r') {
    // Saber: `status = res.data.code || 200`; anything but 200 is an error toast and a rejected promise.
    const code = (body as { code?: unknown })?.code || 200;
    if (code !== 200) problems.push(`the client sees code ${String(code)}: ${String((body as { msg?: unknown }).msg)}`);
  } else if (answer === 'bare') {
    // BladeX Saber: `if (data.error_description) toast; else SET_TOKEN(data.access_token) …`.
    if (res.statusCode !== 200 || (body as { error_description?: unknown })?.error_description) problems.push(`sign-in refused: ${res.body}`);
  }
  if (!problems.length) problems.push(...check(body, step.reads ?? [], vars));
  if (problems.length) throw fail(problems);
  for (const [name, path] of Object.entries(step.save ?? {})) {
    const found = at(body, path, vars);
    vars[name] = (path.includes('[]') ? found.map((f) => f.value) : found[0]!.value) as Json;
  }
  return body;
}

/** One describe per page, one test per step, in the order given. */
export function replay(suite: Suite, steps: Step[]): void {
  const reasons = pendingReasons(steps);
  const strict = process.env.BLADE_FIXTURES_STRICT === '1';
  const pages: { page: string; steps: Step[] }[] = [];
  for (const s of steps) {
    const last = pages.at(-1);
    if (last && last.page === s.page) last.steps.push(s);
    else pages.push({ page: s.page, steps: [s] });
  }
  for (const { page, steps: list } of pages) {
    describe(page, () => {
      for (const step of list) {
        const reason = reasons.get(step.id);
        const name = `${step.id}: ${step.does}${reason ? ` [${reason}]` : ''}`;
        const body = async () => {
          await runStep(suite, step);
        };
        if (reason && !strict) it.fails(name, body);
        else it(name, body);
      }
    });
  }
}
