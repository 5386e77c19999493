// The chains the service supports: one file per chain beside this one, and one line each here.
// Everything else that lists chains is derived from this list (chains.ts and what reads it: tokens,
// RPC variables, ports, explorers, icons); docs/registry.md says how to add one.
import { arbitrumOne } from './arbitrumOne'
import { base } from './base'
import { ethereum } from './ethereum'
import { opMainnet } from './opMainnet'
import type { SupportedChain } from './supportedChain'

export const chains = [ethereum, opMainnet, base, arbitrumOne] as const satisfies readonly SupportedChain[]
