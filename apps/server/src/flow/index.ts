// Helio's workflow engine: an interpreter for a documented BPMN 2.0 subset (docs/adr/0002-workflow-engine.md).
// An engine like src/crud: it knows no module, does no I/O, no database and no timers of its own. The subset, the
// expression language and the join rules are described in src/flow/README.md.
import { compileDocument } from './compile.js';
import type { CompileResult } from './types.js';

export * from './types.js';
export { activeElements, advance, openTimers } from './interpreter.js';
export { evaluateExpression, interpolate, evaluateCondition } from './expression.js';
export { MAX_XML_CHARS, MAX_ELEMENTS } from './xml.js';

/** Parse a BPMN 2.0 XML document and check it against Helio's subset. Never throws on bad input. */
export async function compileBpmn(xml: string, opts: { serviceHandlers: readonly string[] }): Promise<CompileResult> {
  await Promise.resolve();
  try {
    return compileDocument(xml, opts.serviceHandlers);
  } catch (e) {
    return { ok: false, errors: [{ reason: `the model could not be compiled: ${(e as Error)?.message ?? String(e)}` }] };
  }
}
