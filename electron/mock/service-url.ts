// URLs the mock hands out (redirect_to, magic links, returnURL, links in HTML fragments): all
// under the address the mock is reached at, with query values encoded.

export function serviceUrl(baseUrl: string, path: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}
