import { describe, expect, it } from 'vitest'
import { chargedCallGas, destinationGasLimit, EXECUTOR_OVERHEAD_GAS } from './destinationGas'

describe('destination gas', () => {
  it("charges the engine's figure, or what the caller asked when more, plus the executor's cost", () => {
    expect(chargedCallGas(100_000n, undefined, 1)).toEqual({
      callGas: 100_000n,
      executionGas: 100_000n + EXECUTOR_OVERHEAD_GAS,
    })
    expect(chargedCallGas(100_000n, 250_000n, 2)).toEqual({
      callGas: 250_000n,
      executionGas: 250_000n + EXECUTOR_OVERHEAD_GAS,
    })
    expect(chargedCallGas(100_000n, 0n, 1).callGas).toBe(100_000n) // asking for less never lowers it
  })

  it('charges nothing without calls, and runs the calls with minGas and the executor cost', () => {
    expect(chargedCallGas(0n, undefined, 0)).toEqual({ callGas: 0n, executionGas: 0n })
    expect(destinationGasLimit(904_000n)).toBe(904_000n + EXECUTOR_OVERHEAD_GAS)
  })
})
