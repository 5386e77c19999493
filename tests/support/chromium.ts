// Debian's Chromium for the browser suite and the first-paint bench: found at chromiumPath
// (CHROMIUM_PATH, else /usr/bin/chromium), or, on Debian as root, installed with apt-get.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromiumPath } from '../../playwright.config'

function run(command: string[]): number {
  const [cmd, ...args] = command
  return spawnSync(cmd as string, args, { stdio: 'inherit' }).status ?? 1
}

/** Whether Chromium is there (installing it first where this process can). */
export function ensureChromium(): boolean {
  if (existsSync(chromiumPath)) return true
  console.error(`\nChromium was not found at ${chromiumPath}; the browser suites need Debian's chromium package.`)
  const isRoot = process.getuid?.() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.error('Installing it now with apt-get (Debian, running as root)…\n')
    if (
      run(['apt-get', 'update', '-qq']) === 0 &&
      run(['apt-get', 'install', '-y', '-qq', 'chromium']) === 0 &&
      existsSync(chromiumPath)
    )
      return true
    console.error('apt-get could not install chromium.')
  } else {
    console.error('Install it with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.')
  }
  return false
}
