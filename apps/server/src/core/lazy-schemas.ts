/**
 * Route schemas compiled on first use. Fastify compiles every route's request validators (ajv) and response
 * serializers (fast-json-stringify) while the routes are registered; with ~800 routes that was paid at every
 * start (measured 2026-11-27/28 per e2e server start: 15.2 → 8.7 CPU-s at load average 16, 7.5 → 7.1 quiet),
 * paid again by every test file's app and every browser-test server, for routes most of them never call. Here each
 * route part gets a stand-in that compiles the real function the first time a request needs it, with Fastify's own
 * compilers and options, so validation, coercion, error messages and serialization are exactly Fastify's.
 *
 * `compileAll()` compiles whatever is still pending: test/lazy-schemas.test.ts calls it so a schema that cannot
 * compile fails the suite, not a first request in production.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Fn = (...args: unknown[]) => unknown;
type Compiler = (routeSchema: Record<string, unknown>) => Fn;
type Factory = (externalSchemas: unknown, options: unknown) => Compiler;

export interface LazyCompilers {
  /** For Fastify's `schemaController.compilersFactory` (typed loosely: the stand-ins are plain functions). */
  compilersFactory: { buildValidator: never; buildSerializer: never };
  /** Compiles every route part still pending; throws the first compile error with its route. */
  compileAll(): void;
  /** Route parts compiled / registered (for tests and the start-up log). */
  counts(): { compiled: number; registered: number };
}

export function lazyCompilers(): LazyCompilers {
  const pending = new Set<() => void>();
  let registered = 0;
  let compiled = 0;

  const lazyFactory = (base: Factory, kind: 'validator' | 'serializer'): Factory => {
    return (externalSchemas, options) => {
      let compiler: Compiler | undefined;
      return (routeSchema) => {
        let fn: Fn | undefined;
        const real = (): Fn => {
          if (!fn) {
            compiler ??= base(externalSchemas, options);
            try {
              fn = compiler(routeSchema);
            } catch (err) {
              const where = `${String(routeSchema.method)} ${String(routeSchema.url)} ${String(routeSchema.httpPart ?? routeSchema.httpStatus ?? '')}`;
              throw new Error(`${kind} schema of ${where} does not compile: ${(err as Error).message}`, { cause: err });
            }
            compiled++;
            pending.delete(force);
          }
          return fn;
        };
        const force = () => void real();
        pending.add(force);
        registered++;
        const stand = function (this: unknown, ...args: unknown[]) {
          return real().apply(this, args);
        } as Fn & { errors?: unknown; schemaEnv?: unknown };
        if (kind === 'validator') {
          // Fastify reads `errors` after a failed validation, and passes the parent object (so ajv may coerce a root
          // value) only to functions with a `schemaEnv`: both are the real function's.
          Object.defineProperty(stand, 'errors', { get: () => (fn as { errors?: unknown } | undefined)?.errors });
          Object.defineProperty(stand, 'schemaEnv', { get: () => (real() as { schemaEnv?: unknown }).schemaEnv });
        }
        return stand;
      };
    };
  };

  return {
    compilersFactory: {
      buildValidator: lazyFactory(AjvCompiler() as unknown as Factory, 'validator') as never,
      buildSerializer: lazyFactory(SerializerSelector() as unknown as Factory, 'serializer') as never,
    },
    compileAll() {
      for (const force of [...pending]) force();
    },
    counts: () => ({ compiled, registered }),
  };
}
