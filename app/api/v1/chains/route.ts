import { getChains as operation } from '@/lib/api/operations'
import { handle, serve } from '@/lib/server/handle'
import { servedChains } from '@/lib/server/liquidity'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(handle({ operation }, async () => servedChains()))
