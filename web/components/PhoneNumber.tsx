// A customer's phone number as people read it (+91 98765 43210), kept on one line, and a link that
// dials it: the owner's screens are often on a phone.
import { formatPhone } from '@machines/shared';
import { telHref } from '@web/lib/phone';
import { nowrap } from '@web/styles/utils.css';

export function PhoneNumber({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className={nowrap} translate="no">
      {formatPhone(phone)}
    </a>
  );
}
