// Settings the benchmarks read from the environment.

/** The whole number in environment variable `name`, or `fallback`; throws unless it is above 0. */
export function positiveFromEnv(name, fallback) {
  const value = Math.round(Number(process.env[name] ?? fallback));
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number`);
  return value;
}
