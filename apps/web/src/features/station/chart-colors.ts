/** Apart from chart.tsx so that a screen can colour its figures without loading ECharts. */
/** Palette shared by the station screens: PV, load, grid import, grid export, charge, discharge, EV. */
export const COLORS = {
  pv: '#f5a623',
  load: '#5b8ff9',
  import: '#e8684a',
  export: '#5ad8a6',
  charge: '#9270ca',
  discharge: '#269a99',
  soc: '#6dc8ec',
  other: '#ff9d4d',
};
