import { openApiDocument } from '@/lib/api/openapi'
import { handle, methodNotAllowed } from '@/lib/server/http'

const document = openApiDocument()

export const GET = handle(async () => Response.json(document))

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['GET'])
