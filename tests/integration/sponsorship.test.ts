// Sponsorship is accounted: every sponsored intent a key submits is in the ledger with what the
// operator pays (intentCost.sponsorFee), and a key's cap (`npm run keys -- sponsor-cap`) refuses
// more — at quote time, and again at submission if the cap was spent in between — with a 403
// naming the cap.
import { parseEther, parseUnits } from 'viem'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { setSponsorCap, sponsorshipLedger, sponsorshipOf, usdDecimal } from '../../lib/storage/sponsorshipStore'
import { settlement } from '../support/settlement'

const s = settlement()
const { chain } = s
const usdc = (v: string) => parseUnits(v, 6)
const sql = await openDatabase({ url: inject('databaseUrl') })
afterAll(() => sql.close())

async function lockedUsdc(amount: bigint) {
  const account = chain.freshAccount()
  await chain.setEth(10, account.address, parseEther('0.05'))
  await chain.mint(10, 'USDC', account.address, amount)
  await chain.lockErc20(10, account, 'USDC', amount, defaultLockTag)
  return account
}

const sponsoredBody = (address: string, amount: string) => ({
  destinationChainId: 42161,
  tokenRequests: [{ tokenAddress: 'USDC', amount }],
  account: { address, accountType: 'EOA' },
  options: { sponsorSettings: { gasSponsored: true, bridgeFeesSponsored: true, protocolFeesSponsored: true } },
})

describe('sponsorship accounting', () => {
  it(
    'records what the operator paid per key and per ' + 'intent, and refuses past the cap with a 403 naming it',
    async () => {
      const { key, record } = await createApiKey(sql, {
        name: 'sponsor ledger',
        scopes: ['routes:create', 'routes:read', 'routes:sponsor'],
      })
      const account = await lockedUsdc(usdc('400'))

      const first = await s.call('POST', '/intents/route', sponsoredBody(account.address, usdc('100').toString()), key)
      expect(first.status, JSON.stringify(first.body)).toBe(200)
      const fee = first.body.intentCost.sponsorFee as { relayer: number; protocol: number }
      expect(fee.relayer + fee.protocol).toBeGreaterThan(0)
      // A dry run is no spending.
      expect(
        (
          await s.call(
            'POST',
            '/intent-operations',
            { signedIntentOp: { ...(await s.sign(account, first.body.intentOp)), options: { dryRun: true } } },
            key,
          )
        ).status,
      ).toBe(201)
      expect(await sponsorshipLedger(sql, { issuedBy: record.id })).toEqual([])
      const submitted = await s.submit(await s.sign(account, first.body.intentOp), key)
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201)

      const ledger = await sponsorshipLedger(sql, { issuedBy: record.id })
      expect(ledger).toEqual([
        expect.objectContaining({
          nonce: first.body.intentOp.nonce,
          issuedBy: record.id,
          relayerUsd: usdDecimal(fee.relayer),
          protocolUsd: usdDecimal(fee.protocol),
        }),
      ])
      const spent = (await sponsorshipOf(sql, record.id)).spentUsd

      // Quoted under the cap, then the cap is spent before it is submitted: refused at submission, nothing recorded.
      const second = await s.call('POST', '/intents/route', sponsoredBody(account.address, usdc('50').toString()), key)
      expect(second.status).toBe(200)
      expect(await setSponsorCap(sql, record.id, spent)).toBe(true)
      const late = await s.submit(await s.sign(account, second.body.intentOp), key)
      expect(late.status).toBe(403)
      expect(late.body.message).toMatch(/sponsorship cap of .* USD/)
      expect(late.body.errors[0].context).toMatchObject({
        field: 'options.sponsorSettings',
        capUsd: spent,
        spentUsd: spent,
      })
      expect(await sponsorshipLedger(sql, { issuedBy: record.id })).toHaveLength(1)

      // At quote time: a sponsored route past the cap is refused, naming it; an unsponsored one is not.
      const refused = await s.call('POST', '/intents/route', sponsoredBody(account.address, usdc('50').toString()), key)
      expect(refused.status).toBe(403)
      expect(refused.body.message).toMatch(/sponsorship cap of .* USD/)
      expect(refused.body.errors[0].context).toMatchObject({ field: 'options.sponsorSettings', capUsd: spent })
      const { options: _, ...unsponsored } = sponsoredBody(account.address, usdc('50').toString())
      expect((await s.call('POST', '/intents/route', unsponsored, key)).status).toBe(200)
    },
  )
})
