import { useEffect, useState } from 'react';
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const qrSize = 200;

/**
 * The `otpauth://` URI as a QR code for the authenticator app. The QR library is loaded only here, when
 * someone turns two-factor sign-in on (decision 021: it stays out of the shell's download). Drawn as an
 * SVG image, so nothing from the URI reaches the page as markup.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import('uqr')
      .then(({ renderSVG }) => {
        if (current) setSvg(renderSVG(uri, { border: 2, ecc: 'M' }));
      })
      .catch((error: unknown) => {
        // The key is shown as text as well: the set-up works without the picture.
        console.error('The QR code could not be drawn', error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [uri]);

  if (failed) return null;
  if (svg === null) return <Skeleton width={qrSize} height={qrSize} aria-hidden="true" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={qrSize}
      height={qrSize}
      alt={t('twoFactor.setup.qrAlt')}
      data-testid="two-factor-qr"
    />
  );
}
