/** The Helio mark: a sun over a panel line. Decorative; callers give it an accessible name if needed. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <circle cx="32" cy="30" r="13" fill="#f5a623" />
      <g stroke="#f5a623" strokeWidth="4.5" strokeLinecap="round">
        <path d="M32 5v7M32 48v3M7 30h7M50 30h7M14 12l5 5M45 43l4 4M14 48l5-5M45 17l4-4" />
      </g>
      <path d="M10 58h44" stroke="#3aa0ff" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
