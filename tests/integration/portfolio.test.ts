// The portfolio endpoint against live devnet state: balances equal what the chain holds, after
// deposits and transfers made here, with every filter.
import { parseEther, parseUnits, zeroAddress } from 'viem'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { portfolioResponseSchema } from '../../lib/api/portfolio'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId, lockTag } from '../../lib/core/locks/lockId'
import { api } from '../support/api'
import { devnetActions } from '../support/devnetActions'

const chain = devnetActions(inject('rpcUrls'))
const http = api()

type Entry = ReturnType<typeof portfolioResponseSchema.parse>['portfolio'][number]
const row = (entries: Entry[], name: string, chainId: number, tokenAddress: string) =>
  entries
    .find((e) => e.tokenName === name)
    ?.tokenChainBalance.find((r) => r.chainId === chainId && r.tokenAddress === tokenAddress)?.balance

async function portfolio(address: string, query = '') {
  const res = await http.get(`/api/v1/accounts/${address}/portfolio${query}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return portfolioResponseSchema.parse(res.body).portfolio
}

describe('GET /api/v1/accounts/{userAddress}/portfolio', () => {
  const user = chain.freshAccount()
  const usdcBase = chain.token(8453, 'USDC').address
  const usdcOp = chain.token(10, 'USDC').address
  const huge = 987_654_321_098_765_432_109_876n // far beyond 2^53

  beforeAll(async () => {
    await chain.setEth(8453, user.address, parseEther('1'))
    await chain.setEth(10, user.address, parseEther('3'))
    await chain.mint(8453, 'USDC', user.address, parseUnits('1000', 6))
    await chain.mint(10, 'USDC', user.address, parseUnits('400', 6))
    await chain.lockErc20(10, user, 'USDC', parseUnits('250', 6), defaultLockTag)
    await chain.lockNative(10, user, parseEther('1'), defaultLockTag)
    await chain.mint(42161, 'USDT0', user.address, huge)
  })

  it('reports exactly what each chain holds, locked and unlocked, aggregated per asset', async () => {
    const entries = await portfolio(user.address)
    const onChain = {
      usdcBase: await chain.erc20Balance(8453, 'USDC', user.address),
      usdcOp: await chain.erc20Balance(10, 'USDC', user.address),
      usdcOpLocked: await chain.lockedBalance(10, user.address, lockId(defaultLockTag, usdcOp)),
      ethOp: await chain.ethBalance(10, user.address),
      ethOpLocked: await chain.lockedBalance(10, user.address, lockId(defaultLockTag, zeroAddress)),
    }
    expect(onChain.usdcOp).toBe(parseUnits('150', 6))
    expect(onChain.usdcOpLocked).toBe(parseUnits('250', 6))

    expect(row(entries, 'USDC', 8453, usdcBase)).toEqual({ locked: '0', unlocked: onChain.usdcBase.toString() })
    expect(row(entries, 'USDC', 10, usdcOp)).toEqual({
      locked: onChain.usdcOpLocked.toString(),
      unlocked: onChain.usdcOp.toString(),
    })
    expect(row(entries, 'ETH', 10, zeroAddress)).toEqual({
      locked: onChain.ethOpLocked.toString(),
      unlocked: onChain.ethOp.toString(),
    })
    const usdc = entries.find((e) => e.tokenName === 'USDC')!
    expect(usdc).toMatchObject({ tokenDecimals: 6 })
    expect(usdc.balance).toEqual({
      locked: onChain.usdcOpLocked.toString(),
      unlocked: (onChain.usdcBase + onChain.usdcOp).toString(),
    })
    expect(entries.find((e) => e.tokenName === 'USDT')!.balance.unlocked).toBe(huge.toString())
  })

  it('follows transfers made after the first read', async () => {
    const other = chain.freshAccount()
    await chain.setEth(8453, user.address, parseEther('1'))
    await chain.transferErc20(8453, user, 'USDC', other.address, parseUnits('123.456789', 6))
    const after = await portfolio(user.address)
    expect(row(after, 'USDC', 8453, usdcBase)!.unlocked).toBe(
      (await chain.erc20Balance(8453, 'USDC', user.address)).toString(),
    )
    expect(row(after, 'USDC', 8453, usdcBase)!.unlocked).toBe(parseUnits('876.543211', 6).toString())
    const theirs = await portfolio(other.address, '?filterEmpty=true')
    expect(theirs).toEqual([
      {
        tokenName: 'USDC',
        tokenDecimals: 6,
        balance: { locked: '0', unlocked: '123456789' },
        tokenChainBalance: [{ chainId: 8453, tokenAddress: usdcBase, balance: { locked: '0', unlocked: '123456789' } }],
      },
    ])
  })

  it('counts only the configured lock tag', async () => {
    const otherTag = lockTag({ allocator: '0x1111111111111111111111111111111111111111', resetPeriod: 1, scope: 0 })
    const before = row(await portfolio(user.address), 'USDC', 10, usdcOp)!
    await chain.lockErc20(10, user, 'USDC', parseUnits('50', 6), otherTag)
    const after = row(await portfolio(user.address), 'USDC', 10, usdcOp)!
    expect(after.locked).toBe(before.locked)
    expect(BigInt(after.unlocked)).toBe(BigInt(before.unlocked) - parseUnits('50', 6))
  })

  it('filters by chainIds', async () => {
    const entries = await portfolio(user.address, '?chainIds=10,8453')
    const chains = new Set(entries.flatMap((e) => e.tokenChainBalance.map((r) => r.chainId)))
    expect(chains).toEqual(new Set([10, 8453]))
  })

  // @rhinestone/sdk's account.getPortfolio() names every chain it knows (18 mainnet ids): the served ones
  // are answered, the rest named in the body and a header (these chains used to be a 400 Unsupported chain).
  it('leaves out chains the chainIds filter names that are not served, and names them', async () => {
    const res = await http.get(`/api/v1/accounts/${user.address}/portfolio?chainIds=1,10,56,137,8453,42161,999`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const body = portfolioResponseSchema.parse(res.body)
    expect(body.unsupportedChainIds).toEqual([56, 137, 999])
    expect(res.headers.get('x-unsupported-chains')).toBe('56,137,999')
    expect(res.headers.get('access-control-expose-headers')).toMatch(/\bx-unsupported-chains\b/)
    expect(body.portfolio).toEqual(await portfolio(user.address))
    const served = await http.get(`/api/v1/accounts/${user.address}/portfolio?chainIds=10`)
    expect(served.body.unsupportedChainIds).toBeUndefined()
    expect(served.headers.get('x-unsupported-chains')).toBeNull()
  })

  it('leaves out token pairs on chains not served, and answers nothing when no named chain is served', async () => {
    const usdtBsc = '0x55d398326f99059fF775485246999027B3197955'
    const pairs = await http.get(`/api/v1/accounts/${user.address}/portfolio?tokens=56:${usdtBsc},8453:USDC`)
    expect(pairs.status, JSON.stringify(pairs.body)).toBe(200)
    const body = portfolioResponseSchema.parse(pairs.body)
    expect(body.unsupportedChainIds).toEqual([56])
    const rows = body.portfolio.flatMap((e) => e.tokenChainBalance.map((r) => `${r.chainId}:${r.tokenAddress}`))
    expect(rows).toEqual([`8453:${usdcBase}`])
    const none = await http.get(`/api/v1/accounts/${user.address}/portfolio?chainIds=137,999`)
    expect(none.status, JSON.stringify(none.body)).toBe(200)
    expect(portfolioResponseSchema.parse(none.body)).toEqual({ portfolio: [], unsupportedChainIds: [137, 999] })
    expect(none.headers.get('x-unsupported-chains')).toBe('137,999')
  })

  it('filters by chain:token pairs', async () => {
    const entries = await portfolio(user.address, `?tokens=8453:${usdcBase},10:${usdcOp.toLowerCase()}`)
    expect(entries.map((e) => e.tokenName)).toEqual(['USDC'])
    expect(entries[0]!.tokenChainBalance.map((r) => r.chainId)).toEqual([10, 8453])
  })

  it('leaves out empty tokens only with filterEmpty=true', async () => {
    const all = await portfolio(user.address)
    expect(all.flatMap((e) => e.tokenChainBalance)).toHaveLength(15)
    const nonEmpty = await portfolio(user.address, '?filterEmpty=true')
    const rows = nonEmpty.flatMap((e) => e.tokenChainBalance)
    expect(rows.every((r) => BigInt(r.balance.locked) + BigInt(r.balance.unlocked) > 0n)).toBe(true)
    expect(rows.map((r) => `${r.chainId}`).sort()).toEqual(['10', '10', '42161', '8453', '8453'])
  })

  it('accepts lowercase addresses and answers with amounts as decimal integer strings', async () => {
    const res = await http.get(`/api/v1/accounts/${user.address.toLowerCase()}/portfolio`)
    expect(res.status).toBe(200)
    const text = JSON.stringify(res.body)
    expect(text).not.toMatch(/e\+|"(locked|unlocked)":\d/)
  })
})
