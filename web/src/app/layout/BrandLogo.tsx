/** The brand mark (a small shopping bag) and the brand's name. */
export default function BrandLogo({ name }: { name: string }) {
  return (
    <span className="brand-logo d-inline-flex align-items-center gap-2">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" opacity="0.14" />
        <path d="M9 12h14l-1.2 12.2a2 2 0 0 1-2 1.8h-7.6a2 2 0 0 1-2-1.8z" fill="var(--haat-accent)" />
        <path
          d="M12.5 12V10a3.5 3.5 0 0 1 7 0v2"
          fill="none"
          stroke="var(--haat-accent)"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span className="brand-logo__name">{name}</span>
    </span>
  );
}
