// Wire schema of the route response: stated once, as zod, beside the engine that builds it
// (lib/core/intentOp/intentOp.ts, whose types are inferred from it); the handler's output is checked
// against it and the OpenAPI document is generated from it. Here beside it: the signer's answer.
import { z } from 'zod'
import { address } from './primitives'

export {
  authorizationSchema,
  intentCostSchema,
  intentOpSchema,
  type RouteResponse,
  routeResponseSchema,
} from '../core/intentOp/intentOp'

export const signerResponseSchema = z.object({ address, scheme: z.string() })
