import 'server-only'
// The API key a server component hands the dashboard at render time (never in the JS bundle).
import { serverContext } from './context'

export function browserApiKey(): string | undefined {
  return serverContext().browserKey
}
