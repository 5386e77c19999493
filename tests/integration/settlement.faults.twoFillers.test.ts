// The settlement fault cases (faultCases.ts) against two filler processes, each with its own key,
// on one database: crashes, outages and re-orgs, whichever process holds an intent.
import { faultCases } from './faultCases'

faultCases(2)
