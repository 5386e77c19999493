// The production build `npm run dev` serves: made when there is none, or when a source it is built
// from changed after it (a newer file under app/, components/, lib/, public/, or a config file).
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
const sources = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'next.config.mjs',
  'postcss.config.mjs',
  'tsconfig.json',
  'package-lock.json',
]

export function buildIsStale(distDir = process.env.NEXT_DIST_DIR || '.next'): boolean {
  const buildId = join(root, distDir, 'BUILD_ID')
  if (!existsSync(buildId)) return true
  const built = statSync(buildId).mtimeMs
  return sources.some((s) => newestMtime(join(root, s)) > built)
}

export async function ensureProductionBuild(): Promise<void> {
  if (!buildIsStale()) return
  console.log('Building the app (next build): the production build is missing or older than its sources…')
  const code = await new Promise<number | null>((resolve) =>
    spawn(process.execPath, [join(root, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    }).once('exit', resolve),
  )
  if (code !== 0) throw new Error(`next build exited with code ${code}`)
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}
