/**
 * E-mail domains of public mail services (docs/decisions/020-single-sign-on.md): anyone can have an
 * address there, so no organisation may claim one for its single sign-on. Lower case; subdomains of them
 * are refused too.
 */
export const publicMailDomains: ReadonlySet<string> = new Set([
  'aol.com',
  'aim.com',
  'fastmail.com',
  'freenet.de',
  'gmail.com',
  'googlemail.com',
  'gmx.at',
  'gmx.ch',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'hey.com',
  'hotmail.com',
  'hotmail.de',
  'hotmail.co.uk',
  'icloud.com',
  'mac.com',
  'me.com',
  'live.com',
  'live.de',
  'mail.com',
  'mail.ru',
  'mailbox.org',
  'msn.com',
  'outlook.com',
  'outlook.de',
  'posteo.de',
  'proton.me',
  'protonmail.com',
  'qq.com',
  't-online.de',
  'tutanota.com',
  'tuta.io',
  'web.de',
  'yahoo.com',
  'yahoo.de',
  'yahoo.co.uk',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'aon.at',
  'chello.at',
  'a1.net',
  'bluewin.ch',
  'arcor.de',
  '1und1.de',
  'ionos.de',
]);

export function isPublicMailDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split('.');
  for (let index = 0; index < labels.length - 1; index += 1) {
    if (publicMailDomains.has(labels.slice(index).join('.'))) return true;
  }
  return false;
}
