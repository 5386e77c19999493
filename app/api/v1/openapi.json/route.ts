import { openApiDocument } from '@/lib/api/openapi'
import { getOpenApi as operation } from '@/lib/api/operations'
import { handle, serve } from '@/lib/server/handle'

const document = openApiDocument()

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(handle({ operation }, async () => document))
