// Adding a chain or a settlement layer touches only its own file or folder plus its registry line:
// here the two registries each get one more line (a fifth chain, a stub intent layer, both written
// only here), and every list the service derives from them — tokens, RPC and explorer variables,
// the planner's layers and mask, fees, arbiters, the API's enums, the form's layers and labels —
// holds the newcomer, and the planner routes through both. registry.copies.test.ts checks that no
// other file restates the lists these derive.
import { afterAll, describe, expect, it, vi } from 'vitest'

const stub = vi.hoisted(() => {
  const chainId = 424_242
  return {
    chain: {
      id: chainId,
      name: 'Fifth',
      stack: 'op-stack',
      blockTimeMs: 1_000,
      viem: {
        id: chainId,
        name: 'Fifth',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['https://rpc.fifth.example'] } },
        blockExplorers: { default: { name: 'Fifthscan', url: 'https://scan.fifth.example' } },
      },
      icon: '/icons/chains/424242.svg',
      color: '#123456',
      tokens: [{ asset: 'ETH' }, { asset: 'USDC', address: '0x00000000000000000000000000000000000f1f75' }],
    },
    layer: {
      kind: 'intent',
      name: 'STUB',
      label: 'Stub bridge',
      wire: 'STUB',
      arbiters: { default: '0x000000000000000000000000000000000000a4b1' },
      fee: { bps: 1n, fixedUsd8: 1_000_000n },
      groups: ['USDC'],
    },
  } as const
})

vi.mock('./core/chains/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('./core/chains/registry')>()
  return { chains: [...real.chains, stub.chain] }
})
vi.mock('./core/layers/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('./core/layers/registry')>()
  return { ...real, layers: [...real.layers, stub.layer] }
})

// The unit project shares modules between files (isolate: false): the registries and what derives
// from them are loaded afresh here, with the stubs, and dropped again once the file is done.
vi.resetModules()
afterAll(() => {
  vi.doUnmock('./core/chains/registry')
  vi.doUnmock('./core/layers/registry')
  vi.resetModules()
})

const { dashboardEnvSchema, readEnv, serverEnvSchema } = await import('./config/env')
const { explorerBases } = await import('./config/explorers')
const { chainIds, getChain } = await import('./core/chains/chains')
const { tokensOnChain } = await import('./core/tokens/tokens')
const layersModule = await import('./core/route/settlementLayers')
const { defaultFeeModel } = await import('./core/route/feeModel')
const { LAYERS } = await import('./core/route/plan/materialise')
const { planRoute } = await import('./core/route/plan/planRoute')
const { planInput, routeState, usdc } = await import('./core/route/fixtures')
const { openApiDocument } = await import('./api/openapi')
const { formSettlementLayers } = await import('./ui/route/routeForm')

type Layer = import('./core/route/settlementLayers').Layer
const STUB = stub.layer.name as string as Layer
const FIFTH = stub.chain.id

/** Every `enum` in a JSON document. */
function enums(node: unknown): unknown[][] {
  if (Array.isArray(node)) return node.flatMap(enums)
  if (typeof node !== 'object' || node === null) return []
  const own = 'enum' in node && Array.isArray(node.enum) ? [node.enum] : []
  return [...own, ...Object.values(node).flatMap(enums)]
}

describe('a fifth chain: its file and a registry line', () => {
  it('is a supported chain with its tokens', () => {
    expect(chainIds).toContain(FIFTH)
    expect(getChain(FIFTH)?.name).toBe('Fifth')
    expect(tokensOnChain(FIFTH).map((t) => [t.symbol, t.address, t.decimals])).toEqual([
      ['ETH', '0x0000000000000000000000000000000000000000', 18],
      ['USDC', stub.chain.tokens[1].address, 6],
    ])
  })

  it('is served from its own RPC_URL_<id>, and linked to its explorer', () => {
    const env = readEnv(serverEnvSchema, {
      [`RPC_URL_${FIFTH}`]: 'http://fifth:8545',
      API_KEY_SHA256: `demo:${'ab'.repeat(32)}`,
      SIGNER_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
    })
    expect((env as Record<string, unknown>)[`RPC_URL_${FIFTH}`]).toEqual(['http://fifth:8545'])
    expect(explorerBases(readEnv(dashboardEnvSchema, {}))[FIFTH]).toBe('https://scan.fifth.example')
  })

  it('is crossed by the intent layers that carry its assets', () => {
    expect(layersModule.layerSupports('ACROSS', 'USDC', FIFTH, 42161)).toBe(true)
    expect(layersModule.layerSupports('ACROSS', 'USDC', 42161, FIFTH)).toBe(true)
  })
})

describe('a stub settlement layer: its folder and a registry line', () => {
  it('is in every list of layers, with its own planner bit inside the mask', () => {
    const m = layersModule
    for (const list of [m.layerNames, m.crossChainLayers, m.intentLayerNames, m.arbitratedLayerNames, LAYERS]) {
      expect(list).toContain(STUB)
    }
    expect(m.wireLayerNames).toContain(stub.layer.wire)
    expect(m.requestLayerNames).toContain(STUB)
    expect(m.allLayersMask).toBe(2 ** m.layerNames.length - 1)
    const bits = m.layerNames.map(m.layerBit)
    expect(new Set(bits).size).toBe(bits.length)
    expect(m.layerBit(STUB) & m.allLayersMask).toBe(m.layerBit(STUB))
    expect(m.layerBit(STUB)).toBe(1 << LAYERS.indexOf(STUB))
  })

  it('brings its arbiter, fee, wire name and label', () => {
    const m = layersModule
    expect(m.arbiterAddresses).toContain(stub.layer.arbiters.default)
    expect(m.arbiterOf(STUB, true)).toBe(stub.layer.arbiters.default)
    expect(m.wireLayer(STUB)).toBe(stub.layer.wire)
    expect((defaultFeeModel(0).bridge as Record<string, unknown>)[STUB]).toEqual(stub.layer.fee)
    expect(m.layerLabel(STUB)).toBe('Stub bridge')
    expect([...m.allowedLayers(undefined)]).toContain(STUB)
    expect([...m.allowedLayers([STUB])]).toEqual([STUB])
    expect(formSettlementLayers).toContain(STUB)
  })

  it('is in every enum of the API that names a layer', () => {
    const layerEnums = enums(openApiDocument()).filter((e) => e.includes('ACROSS'))
    // The request's settlementLayers, the element's settlementLayer, an alternative's sources and layers.
    expect(layerEnums.length).toBeGreaterThanOrEqual(4)
    for (const e of layerEnums) expect(e).toContain(STUB)
  })

  it('is planned through: USDC on the fifth chain reaches Arbitrum over the stub alone', () => {
    const state = routeState({
      chains: [FIFTH, 42161],
      holdings: [{ chainId: FIFTH, symbol: 'USDC', unlocked: usdc(500) }],
    })
    const input = planInput(state, {
      destination: 42161,
      requests: [{ symbol: 'USDC', amount: usdc(100) }],
      layers: [STUB],
    })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    expect(plan.allocations.map((a) => [a.chainId, a.layer])).toEqual([[FIFTH, STUB]])
  })
})
