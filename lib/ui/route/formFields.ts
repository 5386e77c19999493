// Whether a server error marks a field the builder's form shows (its fields and the Advanced
// drawer's). An error at any other path (account.setupOps) is said in words; the page never claims
// that "the fields concerned are marked" when none is.
const formFields = ['destinationChainId', 'tokenRequests', 'recipient']
const advancedFields = ['account.address', 'account.accountType', 'accountAccessList', 'destinationExecutions']
const shownFields = [...formFields, ...advancedFields, 'destinationGasUnits', 'options']

export function marksFormField(fields: Readonly<Record<string, string>>): boolean {
  return Object.keys(fields).some((key) => shownFields.some((f) => key === f || key.startsWith(`${f}.`)))
}
