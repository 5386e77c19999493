// Loaded into the app's processes by the load bench (NODE_OPTIONS=--expose-gc --import): on
// SIGWINCH (a signal whose default is to be ignored, so a process without this hook is not
// harmed) it collects garbage in full and writes what the heap and the buffers outside it still
// hold, with the resident size, to HEAP_PROBE_DIR/<pid>.json. What survives a full collection is
// what a leak would grow; the resident size also moves with V8 sizing its heaps and the allocator
// keeping pages.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.env.HEAP_PROBE_DIR
if (dir && typeof globalThis.gc === 'function') {
  process.on('SIGWINCH', () => {
    globalThis.gc()
    globalThis.gc()
    const { heapUsed, external, rss } = process.memoryUsage()
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify({ pid: process.pid, heapUsed, external, rss }))
  })
}
