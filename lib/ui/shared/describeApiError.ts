// What the page says about a failed API call: a plain title, the detail (the server's own message
// where it names the problem), and what the reader can do about it. Never a raw error.
import { ApiError } from '../../api/client/fetchApi'
import { getChain } from '../../core/chains/chains'

export type KeySource = 'user' | 'app' | 'none'

export type ErrorAdvice = {
  title: string
  detail: string
  /** What the page offers next to the message. */
  action: 'paste-key' | 'retry' | 'fix-address' | 'fix-filters' | 'sign-in'
  /** The server's trace id, for a support request. */
  traceId?: string
}

export type DescribeApiErrorOptions = {
  /** What the page was doing, for a key that may not: "read balances" (the default), "build routes". */
  task?: string
  /** What else the reader can do about an unavailable chain, after "Try again in a moment". */
  chainHint?: string
}

export function describeApiError(
  error: unknown,
  keySource: KeySource,
  { task = 'read balances', chainHint = 'leave the chain out with the chain filter' }: DescribeApiErrorOptions = {},
): ErrorAdvice {
  if (!(error instanceof ApiError)) {
    return {
      title: 'Something went wrong',
      detail: 'The page could not finish this request. Try again.',
      action: 'retry',
    }
  }
  if (error.failure === 'network') {
    return {
      title: 'The service could not be reached',
      detail: 'Check your connection, then try again.',
      action: 'retry',
    }
  }
  if (error.failure === 'timeout') {
    return {
      title: 'The service took too long to answer',
      detail: `${error.message}. Try again in a moment.`,
      action: 'retry',
    }
  }
  if (error.failure === 'invalid_response') {
    return {
      title: 'The service sent an unexpected answer',
      detail: 'Reload the page; if it happens again, the app and its API may be out of step.',
      action: 'retry',
    }
  }
  const traceId = error.envelope?.traceId
  const withTrace = (advice: ErrorAdvice): ErrorAdvice => (traceId ? { ...advice, traceId } : advice)
  const first = error.envelope?.errors[0]?.context
  // The dashboard's key asks a sign-in for the account first: a button, never the endpoints to call.
  if ((error.status === 401 || error.status === 403) && first?.signIn === true)
    return withTrace(signInAdvice(task, first))

  switch (error.status) {
    case 400: {
      const field = typeof first?.field === 'string' ? first.field : ''
      return field.startsWith('userAddress')
        ? withTrace({ title: 'Check the account address', detail: error.message, action: 'fix-address' })
        : withTrace({ title: 'Check the filters', detail: error.message, action: 'fix-filters' })
    }
    case 401:
      return withTrace(unauthenticated(error.message, keySource, task))
    case 403:
      // The code where the server sends one; the field for a server that predates codes.
      if (error.envelope?.code === 'SPONSOR_SCOPE_REQUIRED' || first?.field === 'options.sponsorSettings')
        return withTrace({
          title: 'Sponsored fees need a key with the routes:sponsor scope',
          detail:
            keySource === 'app'
              ? "The dashboard's own key never sponsors fees: the operator would pay them. Untick “A sponsor pays”, or paste a key that has routes:sponsor."
              : 'The key you pasted lacks routes:sponsor. Untick “A sponsor pays”, or paste a key that has it.',
          action: 'paste-key',
        })
      return withTrace({
        title: `This API key may not ${task} here`,
        detail:
          keySource === 'app'
            ? "The app's own key only works for requests from this page's origin. Reload the page, or paste a key of your own."
            : 'The key you pasted lacks the permission this page needs. Paste another key, or forget yours to use the app’s key.',
        action: 'paste-key',
      })
    case 503: {
      const chainId = typeof first?.chainId === 'number' ? first.chainId : undefined
      const name = chainId === undefined ? undefined : (getChain(chainId)?.name ?? `Chain ${chainId}`)
      return withTrace(
        name
          ? {
              title: `${name} (chain ${chainId}) is unavailable`,
              detail: `${error.message}: the service could not read this chain just now. Try again in a moment${chainHint ? `, or ${chainHint}` : ''}.`,
              action: 'retry',
            }
          : {
              title: 'The service is unavailable',
              detail: `${error.message}. Try again in a moment.`,
              action: 'retry',
            },
      )
    }
    default:
      return withTrace({
        title: 'The service could not answer',
        detail: `${error.message}. Try again in a moment.`,
        action: 'retry',
      })
  }
}

function signInAdvice(task: string, context: Record<string, unknown>): ErrorAdvice {
  const account = typeof context.account === 'string' ? context.account : 'this account'
  if (typeof context.signedIn === 'string') {
    return {
      title: 'Signed in as another wallet',
      detail: `You are signed in as ${context.signedIn}: the dashboard can ${task} only for that wallet, not ${account}. Connect ${account}'s wallet and sign in with it, or use the signed-in wallet's address.`,
      action: 'sign-in',
    }
  }
  return {
    title: `Sign in to ${task}`,
    detail: `Sign in as ${account} with your wallet first: it signs a message, no transaction and no fee.`,
    action: 'sign-in',
  }
}

function unauthenticated(message: string, keySource: KeySource, task: string): ErrorAdvice {
  if (keySource === 'user') {
    return {
      title: 'Your API key was not accepted',
      detail: `${message}. Check the key you pasted, or forget it to use the app’s own key.`,
      action: 'paste-key',
    }
  }
  if (keySource === 'app') {
    return {
      title: "The app's key was not accepted",
      detail: `${message}. The server may have restarted with a new key: reload the page, or paste a key of your own.`,
      action: 'paste-key',
    }
  }
  return {
    title: 'An API key is needed',
    detail: `${message}. This deployment gives the page no key of its own: paste an API key to ${task}.`,
    action: 'paste-key',
  }
}
