import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { curlCommand, shellQuote } from './curlCommand'

describe('curlCommand', () => {
  const command = curlCommand({
    url: 'http://localhost:3000/api/v1/intents/route',
    method: 'POST',
    body: { destinationChainId: 42161, note: "it's" },
  })

  it('names the key as $API_KEY, never a real one', () => {
    expect(command).toContain('-H "x-api-key: $API_KEY"')
    expect(command).toContain(`-X POST 'http://localhost:3000/api/v1/intents/route'`)
  })

  it('hands the shell the JSON body unchanged, quotes included', () => {
    // printf stands in for curl: the shell parses the same words.
    const words = execFileSync('sh', ['-c', command.replace(/^curl -s/, "printf '%s\\0'")], {
      env: { ...process.env, API_KEY: 'k123' },
    })
      .toString()
      .split('\0')
    expect(words).toContain('x-api-key: k123')
    expect(JSON.parse(words[words.indexOf('-d') + 1]!)).toEqual({ destinationChainId: 42161, note: "it's" })
  })

  it('quotes anything for a POSIX shell', () => {
    expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(`a'b "$HOME" \`x\``)}`]).toString()).toBe(
      `a'b "$HOME" \`x\``,
    )
  })
})
