// Which driver errors mean "the database did not answer" (a 503 for the client) and which are the
// query's own (left as they are: a unique violation, a data exception, an application error).
import { describe, expect, it } from 'vitest'
import { asUnavailable, DatabaseUnavailableError } from './sql'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('asUnavailable', () => {
  it('takes connection failures, shutdowns and a full server for the database not answering', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ENOENT', 'connect ENOENT /tmp/socket/.s.PGSQL.5432'),
      withCode('08006', 'connection failure'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      const mapped = asUnavailable(error)
      expect(mapped).toBeInstanceOf(DatabaseUnavailableError)
      expect((mapped as Error).cause).toBe(error)
    }
  })

  it('leaves the query’s own errors as they are', () => {
    for (const error of [
      withCode('23505', 'duplicate key'),
      withCode('22P02', 'invalid input syntax'),
      withCode('42P01', 'no such table'),
      new Error('sponsor cap reached'),
      'a string',
    ]) {
      expect(asUnavailable(error)).toBe(error)
    }
  })
})
