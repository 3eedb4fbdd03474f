export function ciReporters(name: string): (string | [string, Record<string, unknown>])[];
