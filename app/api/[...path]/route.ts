// Any /api path no route serves: a JSON 404 in the error envelope, never an HTML page.
import { ServiceError } from '@/lib/core/errors'
import { preflight, withEnvelope } from '@/lib/server/http'

const notFound = withEnvelope(async (request) => {
  throw new ServiceError('not_found', `No API route ${request.method} ${new URL(request.url).pathname}`)
})

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  preflight as OPTIONS,
}
