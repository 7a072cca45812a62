/** What the app answered to a callback a fake provider sent. */
export interface CallbackResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** How a fake provider spoils a callback, to test that the receiver refuses it. */
export interface CallbackTampering {
  /** Send no signature header at all. */
  omitSignature?: boolean;
  /** Change the body after it was signed. */
  tamperBody?: (body: string) => string;
}

/** POSTs `body` to `url` as a provider's webhook would and returns the answer. */
export async function postCallback(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<CallbackResponse> {
  const response = await fetch(url, { method: 'POST', headers, body });
  return {
    status: response.status,
    body: await response.text(),
    headers: Object.fromEntries(response.headers.entries()),
  };
}
