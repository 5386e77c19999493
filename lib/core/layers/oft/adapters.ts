// LayerZero OFT adapters that move USDT0, with their endpoint ids. On Ethereum the adapter
// locks USDT, so it needs an ERC-20 approval before a send.
import type { Address } from 'viem'

export const oftAdapters = {
  1: { adapter: '0x6C96dE32CEa08842dcc4058c14d3aaAD7Fa41dee', eid: 30101, approvalRequired: true },
  10: { adapter: '0xF03b4d9AC1D5d1E7c4cEf54C2A313b9fe051A0aD', eid: 30111, approvalRequired: false },
  42161: { adapter: '0x14E4A1B13bf7F943c8ff7C51fb60FA964A298D92', eid: 30110, approvalRequired: false },
} as const satisfies Record<number, { adapter: Address; eid: number; approvalRequired: boolean }>
