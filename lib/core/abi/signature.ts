// Human-readable ABI signatures too long for one source line, written in pieces. parseAbi infers each
// function's argument and return types from the signature's literal type, which `+` would widen to
// string: `signature` joins the pieces and keeps the literal.

type Joined<P extends readonly string[]> = P extends readonly [
  infer Head extends string,
  ...infer Rest extends readonly string[],
]
  ? `${Head}${Joined<Rest>}`
  : ''

/** The pieces joined, typed as the literal they make. */
export function signature<const P extends readonly string[]>(...pieces: P): Joined<P> {
  return pieces.join('') as Joined<P>
}
