import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  machineEdges,
  STATE_DIAGRAM_BEGIN,
  STATE_DIAGRAM_END,
  stateDiagram,
  statusHandlers,
  withStateDiagram,
} from './stateDiagram'

const settlementDoc = fileURLToPath(new URL('../../docs/settlement.md', import.meta.url))

describe('the settlement state diagram', () => {
  it('has a handler for every open status each funding method reaches, and none for a final one', () => {
    for (const funding of ['PERMIT2', 'COMPACT', 'NO_FUNDING'] as const) {
      const open = new Set(machineEdges(funding).map((e) => e.from))
      for (const final of ['COMPLETED', 'FAILED']) open.delete(final as never)
      expect(statusHandlers(funding).map(([status]) => status)).toEqual([...open])
    }
    expect(statusHandlers('PERMIT2')).toEqual([
      ['PENDING', 'escrow'],
      ['CLAIMED', 'fill'],
      ['FILLED', 'payout'],
    ])
  })

  it('draws each funding method with the events the machine allows, and only those', () => {
    const edges = (funding: Parameters<typeof machineEdges>[0]) =>
      machineEdges(funding).map((e) => `${e.from} -${e.label.split(' ')[0]}-> ${e.to}`)
    expect(edges('PERMIT2')).toEqual(
      expect.arrayContaining([
        'PENDING -escrowed-> CLAIMED',
        'CLAIMED -filled-> FILLED',
        'FILLED -paid-> COMPLETED',
        'CLAIMED -delivered-> COMPLETED',
        'COMPLETED -reorged-> FILLED',
      ]),
    )
    expect(edges('PERMIT2')).not.toContain('PENDING -filled-> FILLED')
    expect(edges('COMPACT')).toEqual(expect.arrayContaining(['PENDING -filled-> FILLED', 'FILLED -paid-> COMPLETED']))
    expect(edges('COMPACT').some((e) => e.includes('CLAIMED'))).toBe(false)
    expect(edges('NO_FUNDING')).toEqual([
      'PENDING -executed-> COMPLETED',
      'PENDING -failed-> FAILED',
      'COMPLETED -reorged-> PENDING',
    ])
  })

  it('is Mermaid stateDiagram-v2, one block per funding method', () => {
    const diagram = stateDiagram('COMPACT')
    expect(diagram).toContain('```mermaid\nstateDiagram-v2\n  [*] --> PENDING\n')
    expect(diagram).toContain('  FILLED --> COMPLETED: paid\n')
  })

  it('replaces only what stands between the markers', () => {
    const doc = `before\n${STATE_DIAGRAM_BEGIN}\nstale\n${STATE_DIAGRAM_END}\nafter\n`
    const written = withStateDiagram(doc)
    expect(written.startsWith(`before\n${STATE_DIAGRAM_BEGIN}`)).toBe(true)
    expect(written.endsWith(`${STATE_DIAGRAM_END}\nafter\n`)).toBe(true)
    expect(written).not.toContain('stale')
    expect(withStateDiagram(written)).toBe(written)
    expect(() => withStateDiagram('no markers')).toThrow(/markers/)
  })

  it('docs/settlement.md shows the diagram the code holds (else run `npm run docs:states`)', () => {
    const doc = readFileSync(settlementDoc, 'utf8')
    expect(doc, 'docs/settlement.md differs from lib/filler/intentMachine.ts: run `npm run docs:states`').toBe(
      withStateDiagram(doc),
    )
  })
})
