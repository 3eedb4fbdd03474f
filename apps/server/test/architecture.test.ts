/**
 * Architecture rules, checked on the import graph of the source (parsed with the TypeScript compiler, so type-only
 * imports, `export … from` and `import('…')` count; strings and comments do not):
 * - core, kernel, the engines (crud, flow, stage), db and settings never import modules;
 * - a module imports a neighbour only through the neighbour's public entry, `../<neighbour>/index.js`;
 * - no cycles between modules (imports and `dependsOn` together; test files left out);
 * - every module folder has a `module.ts` whose default export is named after the folder, and every `dependsOn`
 *   and `use('…')` names an existing module;
 * - web features never import the app shell (src/app); the web app never imports the server.
 * eslint.config.js enforces the same zones file by file; this test sees resolved paths, cycles and manifests.
 * A failure prints the module graph (module → neighbours).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = 'apps/server/src';
const MODULES = `${SERVER}/modules`;
const ENGINES = ['core', 'kernel', 'crud', 'flow', 'stage', 'db', 'settings'].map((d) => `${SERVER}/${d}/`);
const WEB = 'apps/web';

/** One import: files as root-relative POSIX paths; `target` without extension, undefined for packages. */
interface Edge {
  from: string;
  spec: string;
  target: string | undefined;
  line: number;
}

interface Manifest {
  folder: string;
  hasModuleTs: boolean;
  name: string | undefined;
  dependsOn: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the source

function listFiles(dir: string, exts: RegExp): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage'].includes(e.name) && !e.name.startsWith('dist-')) walk(r);
      } else if (exts.test(e.name) && !e.name.endsWith('.d.ts')) out.push(r);
    }
  };
  if (fs.existsSync(path.join(ROOT, dir))) walk(dir);
  return out.sort();
}

const parsed = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) {
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
    sf = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, sf);
  }
  return sf;
}

/** A specifier as a root-relative path without extension (`.js` → the `.ts` it stands for); `@/` is the web's src. */
function resolveSpec(from: string, spec: string): string | undefined {
  let p: string;
  if (spec.startsWith('.')) p = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else if (spec.startsWith('@/') && from.startsWith(`${WEB}/`)) p = `${WEB}/src/${spec.slice(2)}`;
  else return undefined;
  return p.replace(/\.(?:[cm]?[jt]sx?)$/, '');
}

function importsOf(file: string): Edge[] {
  const sf = sourceOf(file);
  const out: Edge[] = [];
  const add = (lit: ts.Node) => {
    if (!ts.isStringLiteralLike(lit)) return;
    out.push({ from: file, spec: lit.text, target: resolveSpec(file, lit.text), line: sf.getLineAndCharacterOfPosition(lit.getStart()).line + 1 });
  };
  const visit = (n: ts.Node) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier) add(n.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)) add(n.moduleReference.expression);
    else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0]) add(n.arguments[0]);
    else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument)) add(n.argument.literal);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The default export `defineModule({ name, dependsOn })` of a module.ts, read from its syntax. */
function manifestOf(folder: string): Manifest {
  const file = `${MODULES}/${folder}/module.ts`;
  const m: Manifest = { folder, hasModuleTs: fs.existsSync(path.join(ROOT, file)), name: undefined, dependsOn: [] };
  if (!m.hasModuleTs) return m;
  for (const st of sourceOf(file).statements) {
    if (!ts.isExportAssignment(st) || st.isExportEquals) continue;
    const call = st.expression;
    const arg = ts.isCallExpression(call) ? call.arguments[0] : undefined;
    if (!arg || !ts.isObjectLiteralExpression(arg)) continue;
    for (const p of arg.properties) {
      if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) continue;
      if (p.name.text === 'name' && ts.isStringLiteralLike(p.initializer)) m.name = p.initializer.text;
      if (p.name.text === 'dependsOn' && ts.isArrayLiteralExpression(p.initializer)) {
        m.dependsOn = p.initializer.elements.map((e) => (ts.isStringLiteralLike(e) ? e.text : `<not a string: ${e.getText()}>`));
      }
    }
  }
  return m;
}

/** Every `<x>.use('<name>')` with a literal name (ctx.use, s.use, kernel.use). */
function usesOf(file: string): { file: string; line: number; name: string }[] {
  const sf = sourceOf(file);
  const out: { file: string; line: number; name: string }[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'use') {
      const [a] = n.arguments;
      if (n.arguments.length === 1 && a && ts.isStringLiteralLike(a)) out.push({ file, line: sf.getLineAndCharacterOfPosition(a.getStart()).line + 1, name: a.text });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The rules (pure: edges in, violations out)

const moduleOf = (p: string | undefined): string | undefined => (p?.startsWith(`${MODULES}/`) ? p.slice(MODULES.length + 1).split('/')[0] : undefined);
const at = (e: Edge) => `${e.from}:${e.line} imports '${e.spec}'`;
const isTest = (f: string) => /\.test\.tsx?$/.test(f);

function engineViolations(edges: readonly Edge[]): string[] {
  return edges.filter((e) => ENGINES.some((d) => e.from.startsWith(d)) && moduleOf(e.target)).map((e) => `${at(e)}: engines and core never import modules`);
}

function neighbourViolations(edges: readonly Edge[]): string[] {
  return edges
    .filter((e) => {
      const [m, n] = [moduleOf(e.from), moduleOf(e.target)];
      return m && n && m !== n && e.target !== `${MODULES}/${n}/index`;
    })
    .map((e) => `${at(e)}: only ../${moduleOf(e.target)}/index.js is public`);
}

function webViolations(edges: readonly Edge[]): string[] {
  const out: string[] = [];
  for (const e of edges) {
    if (!e.from.startsWith(`${WEB}/`)) continue;
    if (e.target?.startsWith('apps/server/') || /^@helio\/server(\/|$)/.test(e.spec)) out.push(`${at(e)}: the web app never imports the server`);
    if (e.from.startsWith(`${WEB}/src/features/`) && (e.target === `${WEB}/src/app` || e.target?.startsWith(`${WEB}/src/app/`))) {
      out.push(`${at(e)}: a feature never imports the app shell (src/app)`);
    }
  }
  return out;
}

/** module → neighbour → how ('import' of its index, 'dependsOn'); test files are left out. */
type ModuleGraph = Map<string, Map<string, Set<'import' | 'dependsOn'>>>;

function moduleGraph(edges: readonly Edge[], manifests: readonly Manifest[]): ModuleGraph {
  const g: ModuleGraph = new Map(manifests.map((m) => [m.folder, new Map()]));
  const link = (a: string, b: string, how: 'import' | 'dependsOn') => {
    if (!g.has(a)) g.set(a, new Map());
    const to = g.get(a)!;
    if (!to.has(b)) to.set(b, new Set());
    to.get(b)!.add(how);
  };
  for (const e of edges) {
    const [m, n] = [moduleOf(e.from), moduleOf(e.target)];
    if (m && n && m !== n && !isTest(e.from)) link(m, n, 'import');
  }
  for (const m of manifests) for (const d of m.dependsOn) link(m.name ?? m.folder, d, 'dependsOn');
  return g;
}

/** Each cycle once, starting at its smallest name. */
function cyclesOf(g: ModuleGraph): string[][] {
  const found = new Map<string, string[]>();
  const stack: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (m: string) => {
    state.set(m, 'open');
    stack.push(m);
    for (const n of [...(g.get(m)?.keys() ?? [])].sort()) {
      if (state.get(n) === 'open') {
        const cycle = stack.slice(stack.indexOf(n));
        const i = cycle.indexOf([...cycle].sort()[0]!);
        const canon = [...cycle.slice(i), ...cycle.slice(0, i)];
        found.set(canon.join(' → '), [...canon, canon[0]!]);
      } else if (!state.has(n)) visit(n);
    }
    stack.pop();
    state.set(m, 'done');
  };
  for (const m of [...g.keys()].sort()) if (!state.has(m)) visit(m);
  return [...found.values()];
}

function printGraph(g: ModuleGraph): string {
  const lines = [...g.keys()].sort().map((m) => {
    const to = [...g.get(m)!].sort(([a], [b]) => a.localeCompare(b)).map(([n, how]) => `${n}${how.has('dependsOn') ? (how.has('import') ? ' (import, dependsOn)' : ' (dependsOn)') : ''}`);
    return `  ${m} → ${to.length ? to.join(', ') : '(none)'}`;
  });
  return `module graph (module → neighbours it imports through index.js or dependsOn):\n${lines.join('\n')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The checks

const serverFiles = listFiles(SERVER, /\.tsx?$/);
const webFiles = listFiles(WEB, /\.(?:tsx?|m?js)$/);
const edges = [...serverFiles, ...webFiles].flatMap(importsOf);
const folders = fs
  .readdirSync(path.join(ROOT, MODULES), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const manifests = folders.map(manifestOf);
const graph = moduleGraph(edges, manifests);
const withGraph = (what: string) => `${what}\n${printGraph(graph)}\n`;

describe('architecture', () => {
  it('reads the source', () => {
    expect(serverFiles.length).toBeGreaterThan(100);
    expect(folders.length).toBeGreaterThan(10);
    expect(edges.filter((e) => e.target).length).toBeGreaterThan(500);
  });

  it('core, kernel, crud, db and settings never import modules', () => {
    expect(engineViolations(edges), withGraph('engine imports of modules')).toEqual([]);
  });

  it("a module imports a neighbour only through the neighbour's index.js", () => {
    expect(neighbourViolations(edges), withGraph('imports of neighbour internals')).toEqual([]);
  });

  it('no cycles between modules (imports and dependsOn)', () => {
    expect(cyclesOf(graph).map((c) => c.join(' → ')), withGraph('module cycles')).toEqual([]);
  });

  it('every module folder has a module.ts whose default export is named after the folder', () => {
    const bad = manifests.filter((m) => !m.hasModuleTs || m.name !== m.folder).map((m) => `${m.folder}: ${m.hasModuleTs ? `named ${m.name ?? '(no literal name)'}` : 'no module.ts'}`);
    expect(bad, withGraph('module manifests')).toEqual([]);
  });

  it('every dependsOn and use() names an existing module', () => {
    const names = new Set(manifests.map((m) => m.name ?? m.folder));
    const bad = [
      ...manifests.flatMap((m) => m.dependsOn.filter((d) => !names.has(d)).map((d) => `${m.folder}/module.ts: dependsOn '${d}'`)),
      ...serverFiles.filter((f) => !isTest(f)).flatMap(usesOf).filter((u) => !names.has(u.name)).map((u) => `${u.file}:${u.line}: use('${u.name}')`),
    ];
    expect(bad, withGraph('unknown module names')).toEqual([]);
  });

  it('web features never import the app shell; the web app never imports the server', () => {
    expect(webViolations(edges), withGraph('web zone violations')).toEqual([]);
  });

  it('the checks catch what they are meant to catch', () => {
    const e = (from: string, spec: string): Edge => ({ from, spec, target: resolveSpec(from, spec), line: 1 });
    expect(engineViolations([e(`${SERVER}/core/x.ts`, '../modules/storage/index.js'), e(`${SERVER}/core/x.ts`, './ids.js')])).toHaveLength(1);
    expect(
      neighbourViolations([
        e(`${MODULES}/a/x.ts`, '../b/internal.js'),
        e(`${MODULES}/a/x.ts`, '../../modules/b/internal.js'),
        e(`${MODULES}/a/x.ts`, '../b/index.js'),
        e(`${MODULES}/a/x.ts`, './y.js'),
      ]),
    ).toHaveLength(2);
    expect(webViolations([e(`${WEB}/src/features/f/p.tsx`, '../../app/router'), e(`${WEB}/src/features/f/p.tsx`, '@/app/guard'), e(`${WEB}/src/core/x.ts`, '../../../server/src/app.js'), e(`${WEB}/src/core/x.ts`, '@/core/y')])).toHaveLength(3);
    const g = moduleGraph([e(`${MODULES}/a/x.ts`, '../b/index.js'), e(`${MODULES}/b/x.test.ts`, '../a/index.js')], [
      { folder: 'a', hasModuleTs: true, name: 'a', dependsOn: [] },
      { folder: 'b', hasModuleTs: true, name: 'b', dependsOn: ['c'] },
      { folder: 'c', hasModuleTs: true, name: 'c', dependsOn: ['a'] },
    ]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c', 'a']]);
    expect(printGraph(g)).toContain('b → c (dependsOn)');
  });
});
