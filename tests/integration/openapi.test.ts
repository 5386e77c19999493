// The served document is the generated one, and live answers fit the schemas it documents.
import { describe, expect, inject, it } from 'vitest'
import { insufficientBalanceSchema } from '../../lib/api/insufficientBalance'
import { openApiDocument } from '../../lib/api/openapi'
import { getIntentRoute, getPortfolio, getPrices, getSigner } from '../../lib/api/operations'
import { api } from '../support/api'

const http = api()
const demo = inject('demoAddress')

describe('GET /api/v1/openapi.json', () => {
  it('serves the generated OpenAPI 3.1 document without a key', async () => {
    const res = await http.get('/api/v1/openapi.json', { key: null })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())))
  })

  it('documents what the handlers actually answer', async () => {
    getPortfolio.response.parse((await http.get(`/api/v1/accounts/${demo}/portfolio`)).body)
    const unserved = await http.get(`/api/v1/accounts/${demo}/portfolio?chainIds=10,137`)
    expect(getPortfolio.response.parse(unserved.body).unsupportedChainIds).toEqual([137])
    getPrices.response.parse((await http.get('/api/v1/prices')).body)
    getSigner.response.parse((await http.get('/api/v1/signer', { key: null })).body)
    const route = await http.postJson('/api/v1/intents/route', {
      destinationChainId: 10,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '700000000' }],
      account: { address: demo },
    })
    const body = getIntentRoute.response.parse(await route.json())
    expect(body.intentOp?.elements.length).toBeGreaterThan(0)
    const shortfall = await http.postJson('/api/v1/intents/route', {
      destinationChainId: 10,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '900000000000' }],
      account: { address: demo },
    })
    // More than the account holds: the documented 422, the shortfall in its context.
    expect(shortfall.status).toBe(422)
    const refused = getIntentRoute.unprocessable.schema.parse(await shortfall.json())
    expect(insufficientBalanceSchema.parse(refused).errors[0].context.intentCost.tokenShortfall?.length).toBe(1)
    const withAlternatives = await http.postJson('/api/v1/intents/route', {
      destinationChainId: 10,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '700000000' }],
      account: { address: demo },
      options: { alternatives: true },
    })
    const alternatives = getIntentRoute.response.parse(await withAlternatives.json()).alternatives
    expect(alternatives?.[0]?.chosen).toBe(true)
  })
})
