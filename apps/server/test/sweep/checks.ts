/**
 * The sweep's checks of one route. Each returns the problems it found (an empty list is a pass), so the test names
 * the route and every broken expectation at once.
 *
 * Oracles, from tenant B's administrator (who passes every permission check of its own tenant):
 * - collections: 200, B's own records visible (so the check can fail), none of A's ids/SNs/marker, and the same
 *   answer as before A existed;
 * - routes naming records: A's ids answer exactly as ids that exist nowhere (no data, no existence oracle), B's own
 *   ids answer differently (the route does find records by them), and nothing of A is in the answer;
 * - writes: the same, and A's rows in every table are unchanged (fingerprints) after A's ids were sent;
 * - platform-only routes: 403, and nothing changed.
 */
import { BODIES, echoBody, isEcho } from './bodies.js';
import { isCollection, sendAs, target, type Sweep } from './context.js';
import { isReference, NO_CONTROL, NO_OWN_DATA, platformOnly, VOLATILE } from './listings.js';
import { leaks, urlOf, type Answer, type Request } from './probe.js';
import { NONE, hasTargets, requestFor, type Route, type Target } from './routes.js';
import { changed, fingerprint } from './tables.js';
import { LIMITED_CODES } from './world.js';

/** The request for a target: the route's builder, an echo of the caller's record, or the OpenAPI description. */
export async function build(s: Sweep, route: Route, x: Target): Promise<Request> {
  const base = requestFor(route, x);
  const echo = isEcho(route, s.engineApis) && !platformOnly(route.key);
  const extra = BODIES[route.key] ? await BODIES[route.key]!(x, s.body, route) : echo ? echoBody(route, x, s.body) : {};
  return { ...base, ...extra, query: { ...base.query, ...(extra.query ?? {}) } };
}

/** Every value a request carries (to mask them when comparing answers to different targets). */
export function valuesOf(r: Request): string[] {
  const out = Object.values(r.query ?? {});
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(r.body);
  return out.filter((v) => v.length >= 6);
}

/** A's own requests (its administrator's, the limited user's) add log rows in the background: not B's doing. */
export const aOptions = (s: Sweep) => ({ accounts: [s.a.adminAccount, s.a.memberAccount] });

const secretsOf = (s: Sweep, route: Route) => (isReference(route.key) ? s.aSecrets.filter((v) => !Object.values(s.a.sns).includes(v)) : s.aSecrets);

function common(s: Sweep, route: Route, what: string, ans: Answer, problems: string[], req?: Request) {
  // What the request itself carried may come back (an echo is not a leak; the comparison with missing ids covers it).
  const sent = req ? valuesOf(req) : [];
  const found = leaks(ans.text, secretsOf(s, route).filter((v) => !sent.some((x) => x.includes(v))));
  if (found.length) problems.push(`${what}: A's data in the answer (${found.slice(0, 3).join(', ')})`);
  if (ans.status >= 500) problems.push(`${what}: ${ans.status}`);
  const platform = platformOnly(route.key);
  if (platform && ans.status !== 403) problems.push(`${what}: platform-only, but answered ${ans.status}`);
  if (!platform && (ans.status === 401 || ans.status === 403)) problems.push(`${what}: ${ans.status} for B's administrator — the probe never reached the handler`);
}

/** Requests for "does not exist", A and B, when the route names records; undefined when it names none. */
async function targeted(s: Sweep, route: Route) {
  const none = await build(s, route, NONE);
  const a = await build(s, route, target(s.a));
  const same = urlOf(none) === urlOf(a) && JSON.stringify(none.body ?? null) === JSON.stringify(a.body ?? null);
  if (same && !hasTargets(route)) return undefined;
  return { none, a, b: await build(s, route, target(s.b)) };
}

export async function checkRead(s: Sweep, route: Route): Promise<string[]> {
  const problems: string[] = [];
  const platform = platformOnly(route.key);
  if (isCollection(route)) {
    const ans = await sendAs(s, s.b, 'admin', requestFor(route, 'plain'));
    common(s, route, 'list', ans, problems);
    if (!platform) {
      if (ans.status !== 200) problems.push(`list: ${ans.status}, expected 200`);
      if (!(route.key in NO_OWN_DATA) && leaks(ans.text, s.bSecrets).length === 0) problems.push("list: none of B's own records in the answer (the check would be vacuous)");
      if (!isReference(route.key) && !(route.key in VOLATILE) && s.before.get(route.key) !== ans.shape([])) problems.push('list: the answer changed when tenant A was created');
    }
  }
  const req = await targeted(s, route);
  if (req) await compareTargets(s, route, req, problems);
  return problems;
}

async function compareTargets(s: Sweep, route: Route, req: { none: Request; a: Request; b: Request }, problems: string[], write = false) {
  const before = write ? await fingerprint(s.t, s.tables, s.a.tenantId, aOptions(s)) : undefined;
  const none = await sendAs(s, s.b, 'admin', req.none);
  const a = await sendAs(s, s.b, 'admin', req.a);
  if (before) {
    const diff = changed(before, await fingerprint(s.t, s.tables, s.a.tenantId, aOptions(s)));
    if (diff.length) problems.push(`A's rows changed in ${diff.join(', ')}`);
  }
  common(s, route, "A's ids", a, problems, req.a);
  if (a.shape(valuesOf(req.a)) !== none.shape(valuesOf(req.none))) {
    problems.push(`A's ids answer differently from missing ids:\n  A:    ${a.shape(valuesOf(req.a)).slice(0, 300)}\n  none: ${none.shape(valuesOf(req.none)).slice(0, 300)}`);
  }
  if (!platformOnly(route.key) && !(route.key in NO_CONTROL)) {
    const own = await sendAs(s, s.b, 'admin', req.b);
    if (own.shape(valuesOf(req.b)) === none.shape(valuesOf(req.none))) {
      problems.push(`B's own ids answer like missing ids (the check would be vacuous): ${own.shape(valuesOf(req.b)).slice(0, 200)}`);
    }
  }
}

export async function checkWrite(s: Sweep, route: Route): Promise<string[]> {
  const problems: string[] = [];
  const req = await targeted(s, route);
  if (req) {
    await compareTargets(s, route, req, problems, true);
    return problems;
  }
  // Routes that name no record act on the caller's own data: nothing of A may change.
  const before = await fingerprint(s.t, s.tables, s.a.tenantId, aOptions(s));
  const ans = await sendAs(s, s.b, 'admin', await build(s, route, target(s.b)));
  const diff = changed(before, await fingerprint(s.t, s.tables, s.a.tenantId, aOptions(s)));
  if (diff.length) problems.push(`A's rows changed in ${diff.join(', ')}`);
  common(s, route, 'own', ans, problems);
  if (!platformOnly(route.key) && ans.success !== true && !(route.key in NO_CONTROL)) problems.push(`own: did not succeed (${ans.status} ${ans.text.slice(0, 200)})`);
  return problems;
}

export function limitedMayCall(route: Route): boolean {
  const a = route.access;
  if (!a || 'public' in a || platformOnly(route.key)) return false;
  if ('login' in a) return true;
  return [a.permission].flat().some((c) => LIMITED_CODES.includes(c));
}

export async function checkLimited(s: Sweep, route: Route): Promise<string[]> {
  const problems: string[] = [];
  const member = s.a.ids.member;
  // Same tenant: the request names A's records (a collection's filters too).
  const req = await build(s, route, target(s.a));
  // Reads are checked for changes once for the whole phase (test file); writes one by one.
  const o = { ...aOptions(s), except: member };
  const before = route.method === 'POST' ? await fingerprint(s.t, s.tables, s.a.tenantId, o) : undefined;
  const ans = await sendAs(s, s.a, 'member', req);
  const diff = before ? changed(before, await fingerprint(s.t, s.tables, s.a.tenantId, o)) : [];
  if (diff.length) problems.push(`rows of others changed in ${diff.join(', ')}`);
  if (ans.status >= 500) problems.push(`${ans.status}`);
  if (!limitedMayCall(route)) {
    if (ans.status !== 403) problems.push(`lacks the permission, but answered ${ans.status}: ${ans.text.slice(0, 200)}`);
    return problems;
  }
  if (ans.status === 401 || ans.status === 403) problems.push(`holds the permission (or the route is login-only), but answered ${ans.status}`);
  const found = leaks(ans.text, isReference(route.key) ? s.bSecrets.filter((v) => !Object.values(s.b.sns).includes(v)) : s.bSecrets);
  if (found.length) problems.push(`tenant B's data in the answer (${found.slice(0, 3).join(', ')})`);
  return problems;
}
