// `npm run docs:states`: writes the state diagram rendered from intentMachine.ts into docs/settlement.md,
// between its markers (stateDiagram.ts), leaving the rest of the page as it is.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { withStateDiagram } from './stateDiagram'

const doc = fileURLToPath(new URL('../../docs/settlement.md', import.meta.url))
writeFileSync(doc, withStateDiagram(readFileSync(doc, 'utf8')))
console.log('docs/settlement.md: state diagram written from lib/filler/intentMachine.ts')
