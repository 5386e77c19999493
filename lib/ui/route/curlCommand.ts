// "Copy as curl": the request exactly as the page would send it, for a terminal. The key is the
// placeholder $API_KEY (expanded by the shell from the reader's own environment), never the page's key.
export type CurlCommandParameters = { url: string; method?: 'GET' | 'POST'; body?: unknown }

export function curlCommand({ url, method = 'GET', body }: CurlCommandParameters): string {
  const lines = [`curl -s${method === 'GET' ? '' : ` -X ${method}`} ${shellQuote(url)}`, `-H "x-api-key: $API_KEY"`]
  if (body !== undefined)
    lines.push(`-H 'content-type: application/json'`, `-d ${shellQuote(JSON.stringify(body, null, 2))}`)
  return lines.join(' \\\n  ')
}

/** POSIX single quotes: nothing inside is expanded; a quote itself is closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}
