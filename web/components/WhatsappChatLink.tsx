// A click-to-chat link (wa.me) with the message written, for an owner without the Cloud API:
// WhatsApp opens on the owner's phone with the customer's chat, and the owner presses send. The
// words and the link come from machines/whatsapp clickToChatUrl; the language is the one the owner
// uses the app in, and the page the link points to is this app's own.
import { clickToChatUrl, type ClickToChatMessage } from '@machines/whatsapp';
import { useBusiness } from '@web/api/queries';
import { useLanguage, useT } from '@web/i18n/i18n';
import { nowrap } from '@web/styles/utils.css';

/** A customer's page of this app, as the customer opens it (the pay page, their receipts). */
const appPage = (path: string) => `${window.location.origin}${path}`;

export type ChatMessage =
  { readonly kind: 'dues_reminder'; readonly amountRupees: number } | { readonly kind: 'receipts' };

export function WhatsappChatLink({
  phone,
  name,
  message,
}: {
  phone: string | null;
  name: string;
  message: ChatMessage;
}) {
  const t = useT();
  const language = useLanguage();
  const business = useBusiness().data?.name ?? 'Dabba';
  const full: ClickToChatMessage =
    message.kind === 'dues_reminder'
      ? { ...message, link: appPage('/payments') }
      : { kind: 'receipts', link: appPage('/payments') };
  const href = clickToChatUrl({ phone, language, business, name, message: full });
  if (href === null) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={nowrap}
      aria-label={
        message.kind === 'dues_reminder'
          ? t('ui.whatsapp.remindLabel', { name })
          : t('ui.whatsapp.receiptsLabel', { name })
      }
    >
      {message.kind === 'dues_reminder' ? t('ui.whatsapp.remind') : t('ui.whatsapp.receipts')}
    </a>
  );
}
