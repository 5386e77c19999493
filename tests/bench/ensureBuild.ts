// The benchmarks serve `next start`, which needs a production build: made when missing or stale.
export { ensureProductionBuild as ensureBuild } from '../../lib/devnet/productionBuild'
