import 'server-only'
// An account's route history page, with a foreign cursor reported as a 400 naming the field.
import type { Address } from 'viem'
import { InvalidInputError } from '../core/errors'
import { BadCursorError, listRoutes } from '../storage/routeStore'
import { type Caller, issuerOf } from './apiKeys'
import { database } from './database'

/** Routes the calling key issued for `sponsor`: one tenant never sees another's. */
export async function routeHistory(sponsor: Address, caller: Caller, p: { limit: number; cursor?: string }) {
  return withCursorField(async () => listRoutes(await database(), sponsor, { ...p, issuedBy: issuerOf(caller) }))
}

/** A page read whose cursor was not one this service issued is a 400 naming `cursor`. */
export async function withCursorField<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof BadCursorError) throw InvalidInputError.forField('cursor', error.message)
    throw error
  }
}
