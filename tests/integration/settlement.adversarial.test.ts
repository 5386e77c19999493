// The adversarial settlement cases (adversarialCases.ts) against one filler process.
import { adversarialCases } from './adversarialCases'

adversarialCases(1)
