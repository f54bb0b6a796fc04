/** Answers of the API are JSON (or a file download): nothing in them may run, load or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** HSTS for a year once the platform is reached over https (PUBLIC_URL); never over plain http. */
export const hsts = (publicUrl: string) =>
  publicUrl.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : undefined

/** Headers every answer carries, whoever makes it (API, console files, OIDC provider, errors). */
export function baseHeaders(publicUrl: string): Record<string, string> {
  const transport = hsts(publicUrl)
  return {
    'X-Content-Type-Options': 'nosniff',
    ...(transport ? { 'Strict-Transport-Security': transport } : {}),
  }
}
