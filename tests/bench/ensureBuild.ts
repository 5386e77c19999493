// The benchmarks serve `next start`, which needs a production build: make one if there is none.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export async function ensureBuild(): Promise<void> {
  const root = join(import.meta.dirname, '..', '..')
  if (existsSync(join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) return
  console.log('No production build: running next build first.')
  const code = await new Promise<number | null>((resolve) =>
    spawn(process.execPath, [join(root, 'node_modules/next/dist/bin/next'), 'build'], { cwd: root, stdio: 'inherit' }).once('exit', resolve),
  )
  if (code !== 0) throw new Error(`next build exited with code ${code}`)
}
