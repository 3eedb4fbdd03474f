/**
 * The shared flow-chart dialog (spec §2): the process diagram of an instance (or a definition) with the §4
 * highlighting and the instance's history table. bpmn-js is loaded lazily by the dialog itself, so callers' chunks
 * stay free of it.
 */
export { FlowChartDialog } from './flow-chart-dialog';
export type { FlowChartDialogProps } from './flow-chart-dialog';
export { DiagramView } from './diagram-view';
export type { DiagramViewProps } from './diagram-view';
