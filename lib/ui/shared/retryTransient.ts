// react-query's retry rule for API reads: a client error (4xx) is final; a busy chain (5xx) or a
// dropped connection gets one more try.
import { ApiError } from '../../api/client/fetchApi'

export function retryTransient(failures: number, error: unknown): boolean {
  return failures < 1 && error instanceof ApiError && (error.failure === 'network' || (error.status ?? 0) >= 500)
}
