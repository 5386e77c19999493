import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client/fetchApi'
import { describeSubmitError } from './describeSubmitError'

const envelope = (message: string, context: Record<string, unknown>) => ({
  message,
  errors: [{ message, context }],
  traceId: 'trace-1',
})

describe('describeSubmitError', () => {
  it('sends a refused route back for a new one, naming the field', () => {
    const changed = new ApiError('http', 'signedIntentOp.expires: does not match the issued route', {
      status: 400,
      envelope: envelope('signedIntentOp.expires: does not match the issued route', {
        field: 'signedIntentOp.expires',
      }),
    })
    expect(describeSubmitError(changed, 'app')).toMatchObject({
      title: 'The service refused this route',
      action: 'new-route',
      traceId: 'trace-1',
    })
    expect(describeSubmitError(changed, 'app').detail).toMatch(
      /^signedIntentOp\.expires: does not match the issued route\. Request a new route/,
    )
    const unsettleable = new ApiError('http', 'Routes through the intent executor cannot be settled here', {
      status: 422,
    })
    expect(describeSubmitError(unsettleable, 'app')).toMatchObject({
      title: 'This route cannot be settled here',
      action: 'new-route',
    })
  })
  it('offers the key form for a key that may not submit, and a retry for a busy service', () => {
    expect(
      describeSubmitError(new ApiError('http', 'Insufficient permissions', { status: 403 }), 'user'),
    ).toMatchObject({ action: 'paste-key', title: 'This API key may not submit routes here' })
    expect(describeSubmitError(new ApiError('network', 'x'), 'app')).toMatchObject({ action: 'retry' })
  })
})
