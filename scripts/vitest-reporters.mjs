// In CI (HELIO_CI_REPORT_DIR set) vitest also writes a JSON report that .ci/run sums up.
export function ciReporters(name) {
  const dir = process.env.HELIO_CI_REPORT_DIR;
  if (!dir) return ['default'];
  return ['default', ['json', { outputFile: `${dir}/${process.env.HELIO_CI_REPORT_NAME ?? name}.json` }]];
}
