// DEVNET-ONLY. The ABI of the devnet's intent executor stand-in (lib/devnet/contracts/IntentExecutor.sol),
// placed at the address the published client installs as its executor. Its entry points
// (executePermit2Ops, executeCompactOps) are the stand-in's own: the production executor's ABI
// ships in no package. Single-chain ops have the production executor's interface
// (`executeSinglechainOps(SignedOps)`, `isStandaloneIntentNonceConsumed`; its ops as
// encodePacked(uint8 execType, uint8 sigMode, abi.encode(Ops[]))) and run what the account signed as
// the client's `SingleChainOps` typed data; a gas-refund variant takes the SDK's GasRefund, and the
// relayer's guarded entry (`executeSinglechainOpsFor`) checks after the ops that they paid its fee.
// It checks the account's signature over the Mandate that carries the operations through the
// account's ERC-1271 and runs them with `executeFromExecutor`, at most
// once per (account, nonce).
import { parseAbi } from 'viem'
import { signature } from './signature'

export const intentExecutorAbi = parseAbi([
  'struct Token { address token; uint256 amount; }',
  'struct Target { address recipient; Token[] tokenOut; uint256 targetChain; uint256 fillExpiry; }',
  'struct Ops { address to; uint256 value; bytes data; }',
  'struct Op { bytes32 vt; Ops[] ops; }',
  'struct Mandate { Target target; uint128 minGas; Op originOps; Op destOps; bytes32 q; }',
  'struct Lock { bytes12 lockTag; address token; uint256 amount; }',
  'struct Permit2Signed { uint256 chainId; address spender; uint256 deadline; Token[] permitted; }',
  signature(
    'struct CompactSigned { uint256 notarizedChainId; uint256 expires; uint256 elementIndex; ',
    'bytes32[] elementHashes; address arbiter; uint256 chainId; Lock[] commitments; }',
  ),
  signature(
    'function executePermit2Ops(address account, uint256 nonce, Permit2Signed signed, Mandate mandate, ',
    'bool destination, bytes signature)',
  ),
  signature(
    'function executeCompactOps(address account, uint256 nonce, CompactSigned signed, Mandate mandate, ',
    'bool destination, bytes signature)',
  ),
  'struct GasRefund { address token; uint256 exchangeRate; uint256 overhead; }',
  'struct OpsData { bytes data; }',
  'struct SignedOps { address account; uint256 nonce; OpsData ops; bytes signature; }',
  'function executeSinglechainOps(SignedOps signedOps) payable',
  'function executeSinglechainOpsWithGasRefund(SignedOps signedOps, GasRefund gasRefund) payable',
  'struct RelayTerms { address feeToken; uint256 fee; }',
  'function executeSinglechainOpsFor(SignedOps signedOps, RelayTerms terms) payable',
  'function isStandaloneIntentNonceConsumed(uint256 nonce, address account) view returns (bool)',
  'error InvalidStandaloneIntentSignature()',
  'error NotInitialized(address account)',
  'event SinglechainOpsExecuted(address indexed account, uint256 indexed nonce, uint256 gasRefunded)',
  'function destinationExecuted(address account, uint256 nonce) view returns (bool)',
  'function originExecuted(address account, uint256 nonce) view returns (bool)',
  'event OpsExecuted(address indexed account, uint256 indexed nonce, bool destination)',
])
