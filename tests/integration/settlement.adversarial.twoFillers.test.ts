// The adversarial settlement cases (adversarialCases.ts) against two filler processes, each with its
// own key, on one database: whichever takes an intent, nobody can make it lose money.
import { adversarialCases } from './adversarialCases'

adversarialCases(2)
