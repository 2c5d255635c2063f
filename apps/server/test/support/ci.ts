// Whether this is a CI run: CI set, as .ci/run (CI=true) and CI services set it; CI=false or 0 does not count.
export const inCi = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';
