// First meaningful paint of each page in Debian's Chromium, against the production build on the
// devnet. Meaningful paint: navigation start → the browser presents the page's main content (its
// data, not a skeleton), read in the page (Element Timing); the browser's own FCP and LCP beside
// it. Cold: a fresh browser context (empty HTTP cache, no connection); warm: the same URL again in
// that context. Target: every page ≤ 1 s (p95). Informs; exits non-zero only when the run itself
// breaks (a page never shows its content).
import { loadavg } from 'node:os'
import { type Browser, chromium, type Page } from '@playwright/test'
import { encodeFunctionData, parseAbi, parseUnits } from 'viem'
import { demoAccount, operatorAddress } from '../../lib/devnet/demoAccount'
import { chromiumPath } from '../../playwright.config'
import { ensureChromium } from '../support/chromium'
import { devnetActions } from '../support/devnetActions'
import { signInCookie } from '../support/signIn'
import type { Stack } from '../support/stack'
import { mean, ms, percentile } from './stats'
import { withStack } from './withStack'

const RUNS = Number(process.env.FIRST_PAINT_RUNS ?? 10)
const TARGET_MS = 1_000
const CONTENT_TIMEOUT_MS = 20_000

/** What counts as the page's main content: the first element matching `selector` (holding `text`),
 * laid out and visible; with `interactive`, also hydrated by React (a form a user can use). */
type Content = { selector: string; text?: string; interactive?: boolean }
/** `informs`: a later milestone of a page already measured (not its first meaningful paint), shown
 * with its ratio but outside the target. */
type PageSpec = { name: string; path: string; content: Content; signedIn?: boolean; informs?: true }
/** In-page readings, ms since navigation start (performance.now()). */
type Readings = {
  content?: number
  fromFrame?: boolean
  hydrated?: number
  fcp?: number
  lcp?: number
  ttfb?: number
  kb?: number
}
type Samples = Record<'cold' | 'warm', Readings[]>

// As `npm test` does: Debian's Chromium, installed first on Debian as root when it is missing.
if (!ensureChromium()) throw new Error(`no Chromium at ${chromiumPath}: the first-paint bench needs it`)
await withStack(bench)

async function bench(stack: Stack) {
  const demo = demoAccount.address
  const cookie = await signInCookie(stack.baseUrl, demoAccount)
  await issueRoutes(stack, cookie, 3)
  const tx = await mintTransaction(stack, demo)

  const pages: PageSpec[] = [
    { name: '/', path: '/', content: { selector: 'main table tbody tr' } },
    {
      name: '/portfolio (demo account)',
      path: `/portfolio?address=${demo}`,
      content: { selector: 'main tbody th[scope=row]', text: 'USDC' },
    },
    {
      name: '/route',
      path: '/route',
      content: {
        selector: 'form[aria-label="Route request"] button[type=submit]:enabled',
        text: 'Get route',
        interactive: true,
      },
    },
    {
      name: '/history (signed in)',
      path: `/history?address=${demo}`,
      content: { selector: 'main li[data-nonce]' },
      signedIn: true,
    },
    // The operation index is rendered on the server; the interactive reference (a browser-only Vue
    // viewer) is drawn after it, measured on its own row.
    {
      name: '/docs (operation index)',
      path: '/docs',
      content: {
        selector: 'main ul[aria-label=Operations] li[data-operation]',
        text: 'Locked and unlocked balances per token',
      },
    },
    {
      name: '/docs (full reference drawn)',
      path: '/docs',
      content: { selector: '.scalar-app', text: 'Locked and unlocked balances per token' },
      informs: true,
    },
    {
      name: '/tx (USDC mint on Base)',
      path: `/tx/8453/${tx.transactionHash}`,
      content: { selector: '[data-testid=tx-status]', text: 'success' },
    },
  ]

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const problems: string[] = []
  try {
    // The first visit after `next start` loads each page's server code lazily: reported, not sampled.
    const first = new Map<string, Readings>()
    for (const spec of pages) first.set(spec.name, (await visit(browser, stack.baseUrl, spec, cookie, problems)).cold)
    const samples = new Map<string, Samples>(pages.map((p) => [p.name, { cold: [], warm: [] }]))
    // Interleaved rounds, order rotated each round, so drift in the shared machine hits all pages alike.
    for (let round = 0; round < RUNS; round++) {
      for (let k = 0; k < pages.length; k++) {
        const spec = pages[(round + k) % pages.length]!
        const { cold, warm } = await visit(browser, stack.baseUrl, spec, cookie, problems)
        samples.get(spec.name)!.cold.push(cold)
        samples.get(spec.name)!.warm.push(warm)
      }
    }
    console.log(report(pages, samples, first, problems).join('\n'))
  } finally {
    await browser.close()
  }
}

/** One fresh context: a cold visit, then the same URL again with the cache and connection warm. */
async function visit(
  browser: Browser,
  baseUrl: string,
  spec: PageSpec,
  cookie: string,
  problems: string[],
): Promise<{ cold: Readings; warm: Readings }> {
  const context = await browser.newContext()
  try {
    if (spec.signedIn) {
      const [name, value] = cookie.split('=') as [string, string]
      await context.addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: 'Strict' }])
    }
    const page = await context.newPage()
    page.on('pageerror', (e) => problems.push(`${spec.name}: ${e.message}`))
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${spec.name}: console: ${m.text()}`)
    })
    // As source text: tsx names the script's inner functions with an `__name` helper the page lacks.
    await page.addInitScript({
      content: `(() => { const __name = (f) => f; (${watchContent})(${JSON.stringify(spec.content)}) })()`,
    })
    const cold = await measure(page, `${baseUrl}${spec.path}`, spec)
    const warm = await measure(page, `${baseUrl}${spec.path}`, spec)
    return { cold, warm }
  } finally {
    await context.close()
  }
}

async function measure(page: Page, url: string, spec: PageSpec): Promise<Readings> {
  await page.goto(url, { waitUntil: 'commit' })
  try {
    await page.waitForFunction(
      () => {
        const seen = (window as unknown as { __firstPaint?: Readings }).__firstPaint
        return (
          seen?.content !== undefined && seen.hydrated !== undefined && seen.fcp !== undefined && seen.lcp !== undefined
        )
      },
      undefined,
      { timeout: CONTENT_TIMEOUT_MS },
    )
  } catch (error) {
    const shown = await page
      .locator('#main')
      .textContent({ timeout: 1_000 })
      .catch(() => '(no #main)')
    const seen = await page
      .evaluate(() => JSON.stringify((window as unknown as { __firstPaint?: Readings }).__firstPaint))
      .catch(() => '?')
    throw new Error(
      `${spec.name}: the main content (${spec.content.selector}) did not show within ` +
        `${CONTENT_TIMEOUT_MS} ms at ${url} (readings ${seen})\n--- the page shows ---\n${shown}`,
      {
        cause: error,
      },
    )
  }
  // Two more frames, so an LCP candidate painted with the content has been reported.
  return page.evaluate(
    () =>
      new Promise<Readings>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const seen = (window as unknown as { __firstPaint: Readings }).__firstPaint
            const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
            const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
            const bytes = resources.reduce((sum, r) => sum + r.transferSize, navigation?.transferSize ?? 0)
            resolve({ ...seen, ttfb: navigation?.responseStart, kb: bytes / 1024 })
          }),
        ),
      ),
  )
}

/** Runs in the page before its own scripts (addInitScript): checks every animation frame for the
 * main content, and records when the browser presents it and when React has hydrated it; FCP, LCP. */
function watchContent(content: Content) {
  const seen: Readings = {}
  ;(window as unknown as { __firstPaint: Readings }).__firstPaint = seen
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') seen.fcp = e.startTime
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1)
    if (last) seen.lcp = last.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  // The content's paint as the browser reports it (Element Timing: when the text of an element
  // carrying `elementtiming` is presented). The attribute goes on in the frame the content first
  // appears in, before that frame paints.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { identifier: string; renderTime: number; startTime: number }[]) {
      if (e.identifier === 'meaningful-paint' && seen.content === undefined) seen.content = e.renderTime || e.startTime
    }
  }).observe({ type: 'element', buffered: true })
  const shown = (e: Element) =>
    e.checkVisibility() &&
    e.getBoundingClientRect().height > 0 &&
    (!content.text || (e.textContent ?? '').includes(content.text))
  // React marks every element it has hydrated with its props (a `__reactProps$…` key); content drawn
  // by another framework (the docs' Scalar is a Vue app) counts from its React container.
  const hydrated = (e: Element) => {
    for (let node: Element | null = e; node; node = node.parentElement)
      if (Object.keys(node).some((k) => k.startsWith('__reactProps$'))) return true
    return false
  }
  let found: number | undefined
  let framesSince = 0
  // A rAF callback runs just before the frame that paints what the DOM holds now.
  const frame = () => {
    const element = Array.from(document.querySelectorAll(content.selector)).find(shown)
    if (element) {
      const ready = hydrated(element)
      if (found === undefined && (ready || !content.interactive)) {
        found = performance.now()
        // A form becoming usable paints nothing new: the frame it happens in is the moment.
        if (content.interactive) seen.content = found
        else {
          // The elements holding the content's own text first (a large reference holds thousands).
          const all = Array.from(element.querySelectorAll('*'))
          const has = (e: Element) => (e.textContent ?? '').includes(content.text ?? '')
          const holders = content.text ? all.filter((e) => has(e) && !Array.from(e.children).some(has)) : []
          for (const e of [element, ...holders, ...all.slice(0, 5_000)])
            e.setAttribute('elementtiming', 'meaningful-paint')
        }
      }
      if (seen.hydrated === undefined && ready) seen.hydrated = performance.now()
    }
    // No report within 30 frames (nothing textual painted after the mark): the frame stands in.
    if (found !== undefined && seen.content === undefined && ++framesSince > 30) {
      seen.content = found
      seen.fromFrame = true
    }
    if (seen.content === undefined || seen.hydrated === undefined) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

/** A real devnet transaction for /tx: USDC minted on Base (a decoded ERC-20 transfer on the page). */
async function mintTransaction(stack: Stack, to: `0x${string}`) {
  const chain = devnetActions(stack.devnet.rpcUrls)
  const data = encodeFunctionData({
    abi: parseAbi(['function mint(address to, uint256 amount)']),
    functionName: 'mint',
    args: [to, parseUnits('1', 6)],
  })
  return chain.send(8453, { account: operatorAddress, to: chain.token(8453, 'USDC').address, data })
}

/** Routes issued for the demo account as its signed-in page would issue them, so /history lists some. */
async function issueRoutes(stack: Stack, cookie: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${stack.baseUrl}/api/v1/intents/route`, {
      method: 'POST',
      headers: {
        'x-api-key': stack.browserKey,
        'sec-fetch-site': 'same-origin',
        cookie,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        destinationChainId: 8453,
        tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
        account: { address: demoAccount.address, accountType: 'EOA' },
      }),
    })
    if (res.status !== 200) throw new Error(`issuing a route for /history: HTTP ${res.status} ${await res.text()}`)
  }
}

function report(
  pages: PageSpec[],
  samples: Map<string, Samples>,
  first: Map<string, Readings>,
  problems: string[],
): string[] {
  const p50 = (rs: Readings[], k: Exclude<keyof Readings, 'fromFrame'>) =>
    percentile(
      rs.map((r) => r[k]!),
      50,
    )
  const col = (v: number, w = 9) => v.toFixed(0).padStart(w)
  const misses: string[] = []
  const rows = pages.flatMap(({ name, informs }) =>
    (['cold', 'warm'] as const).map((run) => {
      const rs = samples.get(name)![run]
      const content = rs.map((r) => r.content!)
      const [median, p95] = [percentile(content, 50), percentile(content, 95)]
      if (p95 > TARGET_MS && !informs) misses.push(`${name} ${run}`)
      return (
        `${`${name} ${run}`.padEnd(32)}${ms(median)}${ms(p95)}${ms(mean(content))}` +
        `${`${(median / TARGET_MS).toFixed(2)}x`.padStart(8)}` +
        `${`${(p95 / TARGET_MS).toFixed(2)}x`.padStart(8)}${col(p50(rs, 'fcp'))}` +
        `${col(p50(rs, 'lcp'))}${col(p50(rs, 'hydrated'))}${col(p50(rs, 'ttfb'))}` +
        `${col(p50(rs, 'kb'), 8)}  ${informs ? 'info' : p95 <= TARGET_MS ? 'PASS' : 'MISS'}`
      )
    }),
  )
  const fromFrame = pages
    .flatMap(({ name }) =>
      (['cold', 'warm'] as const).map(
        (run) => [`${name} ${run}`, samples.get(name)![run].filter((r) => r.fromFrame).length] as const,
      ),
    )
    .filter(([, n]) => n > 0)
  const firsts = pages.map(({ name }) => `${name} ${first.get(name)!.content!.toFixed(0)} ms`).join(', ')
  return [
    '',
    `first meaningful paint, Chromium ${chromiumPath} headless, 1280x720, production build on the devnet (caches off)`,
    `${RUNS} rounds, pages interleaved; per round and page a fresh context: one cold visit, ` +
      `then one warm; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    '',
    `${'page'.padEnd(32)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'mean ms'.padStart(10)}` +
      `${'p50/1s'.padStart(8)}${'p95/1s'.padStart(8)}${'FCP p50'.padStart(9)}${'LCP p50'.padStart(9)}` +
      `${'hydr p50'.padStart(9)}${'TTFB p50'.padStart(9)}${'KB p50'.padStart(8)}`,
    ...rows,
    '',
    'meaningful paint: navigation start → the browser presents the ' +
      'main content (Element Timing): /: the chains table; /portfolio: a',
    '  balance row (USDC); /route: the request form, "Get route" enabled ' +
      'and hydrated (the frame it becomes usable in); /history: a route',
    '  entry; /docs: the operation index (server-rendered; the interactive ' +
      'reference drawn below it is the "info" row, outside the target);',
    '  /tx: the status "success". FCP and LCP are the browser\'s own entries; hydr: when React has hydrated',
    "  that content; TTFB: the document's responseStart; KB: " +
      'bytes transferred (document and resources, as of the paint).',
    "paints not reported by Element Timing (the frame's time used instead): " +
      `${fromFrame.length ? fromFrame.map(([name, n]) => `${name} ${n}/${RUNS}`).join(', ') : 'none'}`,
    `first visit after next start (not in the percentiles): ${firsts}`,
    ...(problems.length
      ? ['', `page errors seen (${problems.length}):`, ...[...new Set(problems)].slice(0, 10).map((p) => `  ${p}`)]
      : []),
    '',
    `first meaningful paint p95 <= ${TARGET_MS} ms on every page, cold and ` +
      `warm: ${misses.length === 0 ? 'PASS' : `MISS (${misses.join(', ')})`}`,
  ]
}
