import type { ReactNode } from 'react';
import { Link } from '../../components/Link';
import { FaEnvelope, FaFacebookF, FaFacebookMessenger, FaInstagram, FaPinterestP, FaWhatsapp } from 'react-icons/fa';
import { FaXTwitter } from 'react-icons/fa6';
import { DEFAULT_BRAND_NAME, useGetConfigQuery } from '../../lib/config';

interface LinkSpec {
  href: string | undefined;
  label: string;
  icon?: ReactNode;
}

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

const present = (l: LinkSpec): l is LinkSpec & { href: string } => typeof l.href === 'string' && l.href.trim() !== '';

/**
 * The shop's footer: brand, contact, social and policy links from the shop's settings. It loads on the
 * home page too (when idle), so Bootstrap's grid is written out rather than react-bootstrap's brought.
 */
export default function Footer() {
  const { data: config } = useGetConfigQuery();
  const brand = config?.brand?.name?.trim() || DEFAULT_BRAND_NAME;
  const year = new Date().getFullYear();

  const contact: LinkSpec[] = [
    { href: config?.contact?.messenger, label: 'Messenger', icon: <FaFacebookMessenger aria-hidden="true" /> },
    { href: config?.contact?.whatsapp, label: 'WhatsApp', icon: <FaWhatsapp aria-hidden="true" /> },
    { href: config?.contact?.instagram, label: 'Instagram direct', icon: <FaInstagram aria-hidden="true" /> },
    { href: config?.contact?.email, label: 'E-mail', icon: <FaEnvelope aria-hidden="true" /> },
  ].filter(present);

  const social: LinkSpec[] = [
    { href: config?.social?.instagram, label: 'Instagram', icon: <FaInstagram aria-hidden="true" /> },
    { href: config?.social?.facebook, label: 'Facebook', icon: <FaFacebookF aria-hidden="true" /> },
    { href: config?.social?.x, label: 'X', icon: <FaXTwitter aria-hidden="true" /> },
    { href: config?.social?.pinterest, label: 'Pinterest', icon: <FaPinterestP aria-hidden="true" /> },
  ].filter(present);

  const policies: LinkSpec[] = [
    { href: config?.policies?.privacy, label: 'Privacy Policy' },
    { href: config?.policies?.terms, label: 'Terms and Conditions' },
    { href: config?.policies?.refund, label: 'Cancellation & Refund' },
    { href: config?.policies?.shipping, label: 'Shipping & Delivery' },
  ].filter(present);

  return (
    <footer className="site-footer mt-auto">
      <div className="py-5 container">
        <div className="gy-4 row">
          <div className="col-12 col-lg-5">
            <Link to="/" className="site-footer__brand">
              {brand}
            </Link>
            {config?.brand?.tagline && <p className="site-footer__tagline mb-2">{config.brand.tagline}</p>}
            {config?.brand?.blurb && <p className="site-footer__blurb mb-0">{config.brand.blurb}</p>}
            {social.length > 0 && (
              <ul className="list-unstyled d-flex gap-2 mt-3 mb-0" aria-label="Follow us">
                {social.map((s) => (
                  <li key={s.label}>
                    <a href={s.href} {...external} className="social-link" aria-label={s.label} title={s.label}>
                      {s.icon}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {contact.length > 0 && (
            <div className="col-12 col-sm-6 col-lg-3 offset-lg-1">
              <h2 className="site-footer__heading">Talk to us</h2>
              <ul className="list-unstyled mb-0 site-footer__list">
                {contact.map((c) => (
                  <li key={c.label}>
                    <a
                      href={c.href}
                      {...(c.href!.startsWith('mailto:') ? {} : external)}
                      className="d-inline-flex align-items-center gap-2"
                    >
                      {c.icon}
                      {c.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {policies.length > 0 && (
            <div className="col-12 col-sm-6 col-lg-3">
              <h2 className="site-footer__heading">Policies</h2>
              <ul className="list-unstyled mb-0 site-footer__list">
                {policies.map((p) => (
                  <li key={p.label}>
                    <a href={p.href} {...external}>
                      {p.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <hr className="site-footer__rule my-4" />
        <p className="site-footer__copyright small mb-0">
          © {year} {brand}
        </p>
      </div>
    </footer>
  );
}
