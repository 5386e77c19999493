import { describe, expect, it } from 'vitest'
import { demoKeyLine } from './demoKeyLine'

const key = `ir_abcdefghij_${'s'.repeat(43)}`
const file = '.devnet/demo-api-key'

describe('demoKeyLine', () => {
  it('prints the key to a terminal on the devnet, once', () => {
    const line = demoKeyLine({ key, file, terminal: true, realChains: false })
    expect(line.split(key)).toHaveLength(2)
    expect(line).toMatch(/^Demo API key: {2}ir_abcdefghij_s{43} {3}\(more: npm run keys/)
  })

  it('prints only the file when the output is not a terminal, on the devnet or real chains', () => {
    for (const realChains of [false, true]) {
      const line = demoKeyLine({ key, file, terminal: false, realChains })
      expect(line).not.toContain('s'.repeat(43))
      expect(line).not.toContain('ir_abcdefghij')
      expect(line).toContain(`in ${file}`)
    }
  })

  it('prints the prefix and the file to a terminal on real chains', () => {
    const line = demoKeyLine({ key, file, terminal: true, realChains: true })
    expect(line).not.toContain('s'.repeat(43))
    expect(line).toContain(`ir_abcdefghij_…   (the key: ${file})`)
  })
})
