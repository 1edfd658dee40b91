import { Check, Copy, Download, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/notify';
import { QrCode } from '../../ui/QrCode';

/** The absolute sign-up link that carries a referral code. */
export const referralLink = (path: string, code: string) =>
  `${window.location.origin}${path}?ref=${encodeURIComponent(code)}`;

/**
 * A referral code with its sign-up link: Copy, a WhatsApp share link, and the link as a QR code
 * that downloads as PNG.
 */
export function ReferralShare({ code, path, invite }: { code: string; path: string; invite: string }) {
  const link = referralLink(path, code);
  const [copied, setCopied] = useState(false);
  const [png, setPng] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      notify.success('Referral link copied', { action: 'referral-copy' });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      notify.error('Could not copy. Select the link and copy it by hand.', { action: 'referral-copy' });
    }
  };
  return (
    <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_auto]">
      <div className="min-w-0 space-y-3">
        <p className="text-sm text-slate-600">
          Your referral code{' '}
          <span className="ml-1 rounded bg-violet-100 px-2 py-0.5 font-mono text-base font-semibold text-violet-800">
            {code}
          </span>
        </p>
        <div>
          <label htmlFor={`referral-link-${code}`} className="block text-sm font-medium text-slate-700">
            Referral link
          </label>
          <input
            id={`referral-link-${code}`}
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 sm:text-sm"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={copy}>
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            {copied ? 'Copied' : 'Copy link'}
          </Button>
          <a
            href={`https://wa.me/?text=${encodeURIComponent(`${invite} ${link}`)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-lg bg-green-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-green-800"
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Share on WhatsApp
          </a>
          {png && (
            <a
              href={png}
              download={`haat-referral-${code}.png`}
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              <Download className="h-4 w-4" aria-hidden="true" /> Download QR (PNG)
            </a>
          )}
        </div>
      </div>
      <div className="w-40 sm:w-48">
        <QrCode value={link} size={480} label={`QR code of the referral link ${link}`} onReady={setPng} />
      </div>
    </div>
  );
}
