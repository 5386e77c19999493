// One pass over a JSON text before it is parsed: how deep its arrays and objects nest and how many
// values it holds, so a body past either limit is refused before anything walks it. Linear in the
// text, no recursion, nothing allocated; text that is not JSON is left for JSON.parse to refuse.

export type JsonTextLimits = {
  /** Arrays and objects inside one another, the outermost counting 1. */
  maxDepth: number
  /** Values of any kind: the body itself, every array element and every object member's value. */
  maxValues: number
}

/** The first limit the text passes, or undefined when it stays within both. Values are counted
 * from the separators (containers + commas + 1), which never counts fewer than there are. */
export function jsonTextLimit(text: string, limits: JsonTextLimits): 'depth' | 'values' | undefined {
  let depth = 0
  let values = 1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
      continue
    }
    if (c === QUOTE) inString = true
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limits.maxDepth) return 'depth'
      if (++values > limits.maxValues) return 'values'
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--
    else if (c === COMMA && ++values > limits.maxValues) return 'values'
  }
  return undefined
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
