// bpmn-moddle (the BPMN parser under bpmn-js) ships no types for its entry; the order diagram's test parses with it.
declare module 'bpmn-moddle' {
  export function BpmnModdle(): { fromXML(xml: string): Promise<{ rootElement: unknown; warnings: unknown[] }> };
}
