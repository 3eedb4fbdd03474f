/** A bad configuration value: the server stops with this message, which names the variable and what it accepts. */
export class ConfigError extends Error {}
