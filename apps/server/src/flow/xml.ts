// XML → a small namespace-resolved element tree, with hard limits. saxes is a strict, non-validating parser: it never
// loads external resources and never expands DTD entities; on top of that any DOCTYPE is refused outright, so
// entity-expansion ("billion laughs") and XXE documents never get past this file.
import type * as Saxes from 'saxes';
import { lazyRequire } from '../core/lazy-import.js';

const saxes = lazyRequire<typeof Saxes>('saxes');

export const MAX_XML_CHARS = 2 * 1024 * 1024;
export const MAX_ELEMENTS = 20_000;
const MAX_DEPTH = 64;
const MAX_TEXT = 64 * 1024;

export const NS = {
  bpmn: 'http://www.omg.org/spec/BPMN/20100524/MODEL',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  helio: 'http://helio.dev/schema/bpmn',
} as const;

/** Vendor namespaces whose attributes mean the same thing (flowable:assignee = camunda:assignee = activiti:assignee). */
export const VENDOR_NS: readonly string[] = [NS.flowable, NS.camunda, NS.activiti];

export interface XmlAttr {
  uri: string;
  local: string;
  prefix: string;
  value: string;
}

export interface XmlNode {
  uri: string;
  local: string;
  /** As written, e.g. 'bpmn:userTask' (used in error messages). */
  qname: string;
  attrs: XmlAttr[];
  children: XmlNode[];
  text: string;
}

export type XmlResult = { ok: true; root: XmlNode } | { ok: false; reason: string };

export function parseXml(xml: string): XmlResult {
  if (typeof xml !== 'string') return { ok: false, reason: 'the document is not text' };
  if (xml.length > MAX_XML_CHARS) return { ok: false, reason: `the document is larger than ${MAX_XML_CHARS} characters` };
  const parser = new (saxes().SaxesParser)({ xmlns: true, position: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  let count = 0;
  let failure: string | undefined;
  const stop = (reason: string): never => {
    failure ??= reason;
    throw new StopParsing();
  };
  parser.on('error', (e) => stop(`the XML is not well-formed: ${e.message}`));
  parser.on('doctype', () => stop('a DOCTYPE declaration is not allowed (entities are never expanded)'));
  parser.on('opentag', (tag) => {
    if (++count > MAX_ELEMENTS) stop(`the document has more than ${MAX_ELEMENTS} elements`);
    if (stack.length >= MAX_DEPTH) stop(`the document is nested deeper than ${MAX_DEPTH} elements`);
    const attrs: XmlAttr[] = [];
    for (const a of Object.values(tag.attributes)) {
      // xmlns declarations themselves are not attributes of the model.
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue;
      attrs.push({ uri: a.uri, local: a.local, prefix: a.prefix, value: a.value });
    }
    const node: XmlNode = { uri: tag.uri, local: tag.local, qname: tag.name, attrs, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root = node;
    stack.push(node);
  });
  const addText = (t: string): void => {
    const top = stack[stack.length - 1];
    if (!top) return;
    if (top.text.length + t.length > MAX_TEXT) stop(`element <${top.qname}> has more than ${MAX_TEXT} characters of text`);
    top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    if (!(e instanceof StopParsing)) failure ??= `the XML could not be parsed: ${(e as Error).message}`;
  }
  if (failure) return { ok: false, reason: failure };
  if (!root) return { ok: false, reason: 'the document has no root element' };
  return { ok: true, root };
}

class StopParsing extends Error {}

/** Attribute by namespace and local name (uri '' = unqualified). */
export function attr(node: XmlNode, uri: string, local: string): string | undefined {
  return node.attrs.find((a) => a.uri === uri && a.local === local)?.value;
}

/** A vendor attribute under any of the flowable/camunda/activiti namespaces. */
export function vendorAttr(node: XmlNode, local: string): string | undefined {
  return node.attrs.find((a) => VENDOR_NS.includes(a.uri) && a.local === local)?.value;
}

export function bpmnChildren(node: XmlNode, local?: string): XmlNode[] {
  return node.children.filter((c) => c.uri === NS.bpmn && (local === undefined || c.local === local));
}
