// The settlement fault cases (faultCases.ts) against one filler process.
import { faultCases } from './faultCases'

faultCases(1)
