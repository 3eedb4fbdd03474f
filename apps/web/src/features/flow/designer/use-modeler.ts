/**
 * The bpmn-js Modeler on a host element, with the `flowable:` extension, the selected element (the process when none
 * is) and a revision that changes with every change of the diagram, so the properties panel re-reads its values.
 */
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { flowableModdle } from './flowable-moddle';
import type { LintNode } from './lint';

/** What the panel reads of a moddle element. */
export interface BusinessObject {
  id: string;
  name?: string;
  $type: string;
  $parent?: BusinessObject;
  get(name: string): unknown;
  eventDefinitions?: BusinessObject[];
  conditionExpression?: { body?: string };
  default?: BusinessObject;
  cancelActivity?: boolean;
  timeDuration?: { body?: string };
  timeDate?: { body?: string };
  timeCycle?: { body?: string };
}

export interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
  labelTarget?: DiagramElement;
  parent?: DiagramElement;
  source?: DiagramElement;
  target?: DiagramElement;
  incoming?: DiagramElement[];
  outgoing?: DiagramElement[];
}

export interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
  updateModdleProperties(element: DiagramElement, moddleElement: BusinessObject, properties: Record<string, unknown>): void;
}
export interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
  getAll(): DiagramElement[];
}
export interface BpmnFactory {
  create(type: string, attrs?: Record<string, unknown>): BusinessObject;
}
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Canvas {
  getRootElement(): DiagramElement;
  zoom(level?: 'fit-viewport' | number, center?: 'auto'): number;
  viewbox(box?: Box): Box & { scale: number; inner: Box };
  addMarker(id: string, marker: string): void;
  removeMarker(id: string, marker: string): void;
  scrollToElement(element: DiagramElement): void;
}
interface Selection {
  select(element: DiagramElement): void;
}

export interface DesignerApi {
  modeler: Modeler;
  modeling: Modeling;
  registry: ElementRegistry;
  factory: BpmnFactory;
  canvas: Canvas;
  selection: Selection;
}

export function designerApi(modeler: Modeler): DesignerApi {
  return {
    modeler,
    modeling: modeler.get<Modeling>('modeling'),
    registry: modeler.get<ElementRegistry>('elementRegistry'),
    factory: modeler.get<BpmnFactory>('bpmnFactory'),
    canvas: modeler.get<Canvas>('canvas'),
    selection: modeler.get<Selection>('selection'),
  };
}

/** The flow nodes of the diagram for the designer's own checks. */
export function lintNodes(api: DesignerApi): LintNode[] {
  return api.registry
    .getAll()
    .filter((e) => e.type !== 'label' && e.type !== 'bpmn:SequenceFlow' && e.type !== 'bpmn:Process' && e.businessObject.$type.startsWith('bpmn:') && !e.type.startsWith('bpmn:Association') && e.type !== 'bpmn:MessageFlow')
    .filter((e) => e !== api.canvas.getRootElement())
    .map((e) => ({
      id: e.id,
      type: e.type,
      name: e.businessObject.name,
      parentId: e.parent?.id ?? '',
      incoming: (e.incoming ?? []).filter((c) => c.type === 'bpmn:SequenceFlow').length,
      outgoing: (e.outgoing ?? []).filter((c) => c.type === 'bpmn:SequenceFlow').length,
    }));
}

export function useModeler(host: RefObject<HTMLDivElement | null>) {
  const [api, setApi] = useState<DesignerApi>();
  const [selected, setSelected] = useState<DiagramElement>();
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    if (!host.current) return;
    const modeler = new Modeler({ container: host.current, moddleExtensions: { flowable: flowableModdle } });
    modeler.on('selection.changed', (e: { newSelection: DiagramElement[] }) => {
      const first = e.newSelection[0];
      setSelected(first?.labelTarget ?? first);
    });
    modeler.on('elements.changed', () => setRevision((r) => r + 1));
    modeler.on('import.done', () => {
      setSelected(undefined);
      setRevision((r) => r + 1);
    });
    setApi(designerApi(modeler));
    return () => {
      modeler.destroy();
      setApi(undefined);
    };
  }, [host]);

  return { api, selected, revision };
}
