// The settlement state diagram, rendered from intentMachine.ts's `transition` (never written by hand):
// for each funding method, every status reachable from PENDING and every event the machine allows
// from it, as Mermaid `stateDiagram-v2`. docs/settlement.md holds the output between the markers
// below; stateDiagram.test.ts fails when the two differ, `npm run docs:states` writes it again.
import { type IntentStatus, intentStatuses } from '../core/intent/intentRecords'
import { type Funding, IllegalTransitionError, type MachineEvent, transition } from './intentMachine'
import { handlers } from './settle/handlers'
import { settleSingleChain } from './settle/singleChain'

/** What each funding method is, as its diagram's heading says (a key per funding method). */
const fundings: Record<Funding, string> = {
  PERMIT2: 'unlocked funds (Permit2): escrow with refund',
  COMPACT: 'locked funds (The Compact): fill first',
  NO_FUNDING: "the account's own single-chain ops, fee included",
}

/** Every event but `reorged`, which names the dropped step and is probed with the steps below. */
const plainEvents: Record<Exclude<MachineEvent['type'], 'reorged'>, true> = {
  escrowed: true,
  filled: true,
  executed: true,
  delivered: true,
  paid: true,
  failed: true,
}

/** The kinds of journal step the filler sends (`<kind>:<element or chain>`), to probe `reorged` with. */
const journalStepKinds = [
  'setup',
  'preclaim',
  'escrow',
  'allocate',
  'execute',
  'fill',
  'deliver',
  'destination-ops',
  'release',
  'claim',
]

type Edge = { from: IntentStatus; to: IntentStatus; label: string }

function allowed(funding: Funding, from: IntentStatus, event: MachineEvent): IntentStatus | undefined {
  try {
    return transition(funding, from, event)
  } catch (error) {
    if (error instanceof IllegalTransitionError) return undefined
    throw error
  }
}

/** The machine's edges for one funding method, between the statuses reachable from PENDING. */
export function machineEdges(funding: Funding): Edge[] {
  const forward = (from: IntentStatus) =>
    Object.keys(plainEvents).flatMap((type) => {
      const to = allowed(funding, from, { type } as MachineEvent)
      return to ? [{ from, to, label: type }] : []
    })
  const reached = new Set<IntentStatus>(['PENDING'])
  for (const status of reached) for (const edge of forward(status)) reached.add(edge.to)
  const order = intentStatuses.filter((s) => reached.has(s))

  const reorgs = order.flatMap((from) => {
    const targets = new Set(
      journalStepKinds.flatMap((kind) => allowed(funding, from, { type: 'reorged', step: `${kind}:0` }) ?? []),
    )
    return order
      .filter((to) => to !== from && targets.has(to))
      .map((to) => ({ from, to, label: `reorged (a step sent in ${to})` }))
  })
  return [...order.flatMap(forward), ...reorgs]
}

/** One funding method's diagram: a Mermaid block under its heading. */
export function stateDiagram(funding: Funding): string {
  const lines = [
    '```mermaid',
    'stateDiagram-v2',
    '  [*] --> PENDING',
    ...machineEdges(funding).map((e) => `  ${e.from} --> ${e.to}: ${e.label}`),
    '  COMPLETED --> [*]',
    '  FAILED --> [*]',
    '```',
  ]
  return [`**${funding}** — ${fundings[funding]}:`, '', ...lines, '', handlersLine(funding)].join('\n')
}

/** The handler of each open status (lib/filler/settle/handlers.ts), by function name. */
export function statusHandlers(funding: Funding): [IntentStatus, string][] {
  const table: Partial<Record<IntentStatus, { name: string }>> =
    funding === 'NO_FUNDING' ? { PENDING: settleSingleChain } : handlers[funding]
  return intentStatuses.flatMap((status) => {
    const handler = table[status]
    return handler ? [[status, handler.name] as [IntentStatus, string]] : []
  })
}

function handlersLine(funding: Funding): string {
  const each = statusHandlers(funding).map(([status, name]) => `${status} → \`${name}\``)
  return `Handlers (\`lib/filler/settle/\`): ${each.join(' · ')}.`
}

export const STATE_DIAGRAM_BEGIN =
  '<!-- state-diagram: generated from lib/filler/intentMachine.ts by `npm run docs:states` -->'
export const STATE_DIAGRAM_END = '<!-- /state-diagram -->'

/** The whole generated section, markers included. */
export function stateDiagramSection(): string {
  const diagrams = (Object.keys(fundings) as Funding[]).map(stateDiagram)
  return [STATE_DIAGRAM_BEGIN, ...diagrams, STATE_DIAGRAM_END].join('\n\n')
}

/** `markdown` with the text between its markers (both included) replaced by the generated section. */
export function withStateDiagram(markdown: string): string {
  const begin = markdown.indexOf(STATE_DIAGRAM_BEGIN)
  const end = markdown.indexOf(STATE_DIAGRAM_END)
  if (begin < 0 || end < begin) throw new Error(`the markers ${STATE_DIAGRAM_BEGIN} … ${STATE_DIAGRAM_END} are missing`)
  return markdown.slice(0, begin) + stateDiagramSection() + markdown.slice(end + STATE_DIAGRAM_END.length)
}
