/**
 * A provider's answer read once as text and, when it is JSON, parsed: error answers are not
 * always JSON (a proxy's HTML page), so the text is kept to quote when the JSON says nothing.
 */
export async function readJsonAnswer(response: Response): Promise<{ text: string; json: unknown }> {
  const text = await response.text()
  try {
    return { text, json: JSON.parse(text) as unknown }
  } catch {
    return { text, json: null }
  }
}
