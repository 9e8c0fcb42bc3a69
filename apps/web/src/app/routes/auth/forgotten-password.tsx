import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgottenPasswordForm } from '../../../features/sign-in/components/forgotten-password-form';
import { ResetPasswordForm, resetTokenOf } from '../../../features/sign-in/components/reset-password-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import classes from './login.module.css';

/** The login screen's card, for the two screens of a forgotten password (no sign-in, no shell). */
function SignedOutCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <div className={classes.heading}>
          <p className={classes.appName}>{t('app.name')}</p>
          <h1 className={classes.title}>{title}</h1>
          <p className={classes.subtitle}>{text}</p>
        </div>
        {children}
      </div>
    </main>
  );
}

/** `/forgot-password` (docs/decisions/031-forgotten-passwords.md): the address to mail a link to. */
export function ForgottenPasswordRoute() {
  const { t } = useTranslation();
  return (
    <SignedOutCard title={t('forgottenPassword.title')} text={t('forgottenPassword.intro')}>
      <ForgottenPasswordForm />
    </SignedOutCard>
  );
}

/** `/reset-password#token=…`: where the mail's link opens; the new password. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  return (
    <SignedOutCard title={t('resetPassword.title')} text={t('resetPassword.intro')}>
      <ResetPasswordForm token={resetTokenOf(window.location.hash)} />
    </SignedOutCard>
  );
}
