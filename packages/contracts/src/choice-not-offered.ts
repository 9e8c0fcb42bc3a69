// A chosen value outside the reader's options of a choice from a query (docs/decisions/038-one-run-path.md):
// the server's 400 message names the parameter and the value in this one form, so the web app can say it
// in the reader's language.

export function choiceNotOfferedMessage(parameter: string, value: string): string {
  return `Invalid parameter '${parameter}': '${value}' is not one of your choices`;
}

/** The parameter and value of such a message, or null for any other message. */
export function parseChoiceNotOffered(message: string): { parameter: string; value: string } | null {
  const match = /^Invalid parameter '([^']*)': '(.*)' is not one of your choices$/s.exec(message);
  return match ? { parameter: match[1]!, value: match[2]! } : null;
}
