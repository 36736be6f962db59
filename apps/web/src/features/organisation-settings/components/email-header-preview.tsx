import { DEFAULT_BRAND_COLOUR, senderDisplayName, textColourOn } from '@giftrelay/contracts';

/** The top of the recipient's email as it will look with these settings. */
export function EmailHeaderPreview({
  sender,
  colour,
  logoUrl,
}: {
  sender: string;
  colour: string;
  logoUrl: string | null;
}) {
  const brand = /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : DEFAULT_BRAND_COLOUR;
  return (
    <figure className="grid gap-2" aria-labelledby="email-preview-caption">
      <figcaption id="email-preview-caption" className="text-sm font-medium">
        Recipient email preview
      </figcaption>
      <div
        className="overflow-hidden rounded-xl border bg-slate-100 p-4 text-slate-900"
        data-testid="email-header-preview"
      >
        <p className="mb-3 truncate text-xs text-slate-600">
          From: <span className="font-medium text-slate-900">{senderDisplayName(sender)}</span>
        </p>
        <div className="flex items-center gap-3 pb-3">
          {logoUrl && <img src={logoUrl} alt="" className="h-10 max-w-[160px] object-contain" />}
          <span className="truncate text-lg font-bold">{sender}</span>
        </div>
        <div className="rounded-lg bg-white">
          <div className="h-1 rounded-t-lg" style={{ background: brand }} />
          <div className="grid gap-3 p-4">
            <p className="font-semibold">You have a $25.00 gift card</p>
            <span
              className="justify-self-start rounded-md px-4 py-2 text-sm font-semibold"
              style={{ background: brand, color: textColourOn(brand) }}
            >
              Claim your reward
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}
